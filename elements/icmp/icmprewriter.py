"""ICMPRewriter: Rewrites ICMP error messages that refer to flows mapped by the named rewriters.

Facts from Click's elements/icmp/icmprewriter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='ICMPRewriter',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    state='per-flow',
    doc='Rewrites ICMP error messages that refer to flows mapped by the named rewriters.',
)
