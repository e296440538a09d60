"""MarkMACHeader: Sets the MAC header annotation to OFFSET bytes into each packet.

Facts from Click's elements/standard/markmacheader.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('MarkMACHeader', '1/1', 'a/a',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, default=0,
            doc='bytes from the start of the data to the MAC header'),
        Arg('LENGTH', 'unsigned', positional=True, default=0,
            doc='the MAC header length (Click then also marks the network header after it); '
                '0: unknown'),
    ),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
