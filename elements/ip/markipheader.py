"""MarkIPHeader: Sets the network-header annotation to an IP header at OFFSET without checking it.

Facts from Click's elements/ip/markipheader.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='MarkIPHeader',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, default=0),
    ),
    order_free=True,
    header_delta=0,
    ip_header='marks',
    doc=(
        'Sets the network-header annotation to an IP header at OFFSET without checking '
        'it.'
    ),
)
