"""RSSHashSwitch: Chooses an output by the receive-side-scaling (Toeplitz) hash of an IPv4
packet's addresses and ports, modulo MAX.

FastClick's class (elements/userlevel/rsshashswitch.hh and .cc), which computes the hash in
software (DPDK's rte_softrss) with its fixed 40-byte key of repeated 0x6D 0x5A bytes; clickc
computes the same value itself, so it needs no DPDK.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('RSSHashSwitch', '1/1-', 'h/h',
    args=(Arg('MAX', 'int',
              doc='the hash is taken modulo MAX (default the number of outputs); a result '
                  'without an output is dropped'),),
    spreader=True,
    header_delta=0,
)
