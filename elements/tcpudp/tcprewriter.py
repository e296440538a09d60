"""TCPRewriter: Rewrites TCP flows by patterns, tracking sequence-number changes (NAT for TCP).

Facts from Click's elements/tcpudp/tcprewriter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='TCPRewriter',
    port_count='1-/1-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:rewriter_inputs',
    handlers=(
        Handler('table'),
        Handler('mappings'),
    ),
    state='per-flow',
    doc='Rewrites TCP flows by patterns, tracking sequence-number changes (NAT for TCP).',
)
