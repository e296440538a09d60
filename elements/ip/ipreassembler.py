"""IPReassembler: Reassembles IP fragments into whole datagrams; other IP packets pass through.

Facts from Click's elements/ip/ipreassembler.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('IPReassembler', '1/1-2', 'a/ah',
    args=(
        Arg('HIMEM', 'unsigned', default=256 * 1024,
            doc='bytes of fragments kept before the oldest are given up (default 256K)'),
        Arg('MAX_MTU_ANNO', 'anno2',
            doc='a 2-byte annotation set to the largest fragment of each datagram'),
    ),
    handlers=(Handler('dump', doc='counters and the datagrams being reassembled'),),
    state='shared',
    reads_timestamp=True,
    header_delta=0,
)
