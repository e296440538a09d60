"""FrontDropQueue: A Queue that drops from the head when full.

Facts from Click's elements/standard/frontdropqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.standard.simplequeue import queue_spec

SPEC = queue_spec(
    name='FrontDropQueue',
    doc='A Queue that drops from the head when full.',
)
