"""ThreadSafeQueue: A Queue safe for concurrent pushes and pulls from several threads.

Facts from Click's elements/standard/threadsafequeue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_spec

SPEC = dataclasses.replace(
    queue_spec(
        name='ThreadSafeQueue',
        doc='A Queue safe for concurrent pushes and pulls from several threads.',
    ),
    empty_notifier=True,
)
