"""RoundRobinIPMapper: A rewriter mapper that hands out its patterns in turn.

Facts from Click's elements/ip/rripmapper.hh and .cc.
"""

from clickc.elements.spec import ElementSpec
from clickc.elements.tcpudp.rewriter_config import mapper_config

SPEC = ElementSpec('RoundRobinIPMapper', '0/0', 'a/a',
    config='custom',
    custom_parser=mapper_config,
    state='shared',
    concurrency='lock',
    concurrency_note='its cursor moves only under the rewriters\' table lock (rewriter_flow.h)',
    configure_phase=99,
)
