"""FrontDropQueue: A Queue that drops from the head when full.

Facts from Click's elements/standard/frontdropqueue.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_hot, queue_spec

SPEC = dataclasses.replace(
    queue_spec(name='FrontDropQueue'),
    hot=queue_hot('FrontDropQueue'),
    header_delta=0,
)
