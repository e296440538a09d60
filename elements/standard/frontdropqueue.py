"""FrontDropQueue: A Queue that drops from the head when full.

Facts from Click's elements/standard/frontdropqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_spec

SPEC = dataclasses.replace(
    queue_spec(
        name='FrontDropQueue',
        doc='A Queue that drops from the head when full.',
    ),
    header_delta=0,
)
