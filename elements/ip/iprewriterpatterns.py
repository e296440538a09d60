"""IPRewriterPatterns: Names rewriter patterns for use by IPRewriter-family elements.

Facts from Click's elements/ip/iprwpatterns.hh and .cc.
"""

from clickc.elements.spec import ElementSpec
from clickc.elements.tcpudp.rewriter_config import patterns_config

SPEC = ElementSpec('IPRewriterPatterns', '0/0', 'a/a',
    config='custom',
    custom_parser=patterns_config,
    state='readonly',
    configure_phase=20,
)
