"""SourceIPHashMapper: A rewriter mapper that picks its pattern by a consistent hash of the
flow's source address.

Facts from Click's elements/ip/siphmapper.hh and .cc.
"""

from clickc.elements.spec import ElementSpec
from clickc.elements.tcpudp.rewriter_config import mapper_config

SPEC = ElementSpec('SourceIPHashMapper', '0/0', 'a/a',
    config='custom',
    custom_parser=mapper_config,
    state='readonly',
    configure_phase=99,
)
