"""IPRewriterPatterns: Names rewriter patterns for use by IPRewriter-family elements.

Facts from Click's elements/ip/iprwpatterns.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec
from clickc.elements.tcpudp.rewriter_config import patterns_config

SPEC = ElementSpec(
    name='IPRewriterPatterns',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    custom_parser=patterns_config,
    state='readonly',
    configure_phase=20,
    doc='Names rewriter patterns for use by IPRewriter-family elements.',
)
