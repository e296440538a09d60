"""ThreadSafeQueue: A Queue safe for concurrent pushes and pulls from several threads.

Facts from Click's elements/standard/threadsafequeue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

import dataclasses

from clickc.elements.standard.queue import SPEC as _QUEUE

# The same ports, CAPACITY argument and handlers as Queue (Click derives it from NotifierQueue /
# FullNoteQueue); only the name and the C template differ.
SPEC = dataclasses.replace(
    _QUEUE,
    name='ThreadSafeQueue',
    synonyms=(),
    empty_notifier=True,
    header_delta=None,  # Queue's, but not known to the flow-key search
    doc='A Queue safe for concurrent pushes and pulls from several threads.',
)
