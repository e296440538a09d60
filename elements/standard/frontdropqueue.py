"""FrontDropQueue: A Queue that drops from the head when full.

Facts from Click's elements/standard/frontdropqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

import dataclasses

from clickc.elements.standard.queue import SPEC as _QUEUE

# The same ports, CAPACITY argument and handlers as Queue (Click derives it from NotifierQueue /
# FullNoteQueue); only the name and the C template differ.
SPEC = dataclasses.replace(
    _QUEUE,
    name='FrontDropQueue',
    synonyms=(),
    header_delta=0,
    empty_notifier=False,  # keeps its own code: no notifier
    doc='A Queue that drops from the head when full.',
)
