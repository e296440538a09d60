"""ARPFaker: Every 10 seconds (first after 1 second) sends an ARP reply to DSTIP/DSTETH claiming
that SRCIP is at SRCETH.

Facts from Click's elements/ethernet/arpfaker.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('ARPFaker', '0/1', 'h/h',
    args=(
        Arg('DSTIP', 'ip', positional=True, required=True, doc='the address told'),
        Arg('DSTETH', 'ether', positional=True, required=True),
        Arg('SRCIP', 'ip', positional=True, required=True, doc='the address claimed'),
        Arg('SRCETH', 'ether', positional=True, required=True),
    ),
    schedulable='timer',
    state='none',
)
