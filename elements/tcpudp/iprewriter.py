"""IPRewriter: Rewrites TCP and UDP flows (addresses and ports) by patterns, keeping a flow table
for both directions (NAT).

Facts from Click's elements/tcpudp/iprewriter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='IPRewriter',
    port_count='1-/1-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:rewriter_inputs',
    handlers=(
        Handler('tcp_table'),
        Handler('udp_table'),
        Handler('tcp_mappings'),
        Handler('udp_mappings'),
        Handler('table'),
        Handler('mappings'),
    ),
    state='per-flow',
    doc=(
        'Rewrites TCP and UDP flows (addresses and ports) by patterns, keeping a flow '
        'table for both directions (NAT).'
    ),
)
