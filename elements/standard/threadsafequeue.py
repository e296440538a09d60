"""ThreadSafeQueue: A Queue safe for concurrent pushes and pulls from several threads.

Facts from Click's elements/standard/threadsafequeue.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_hot, queue_spec

SPEC = dataclasses.replace(
    queue_spec(name='ThreadSafeQueue'),
    hot=queue_hot('ThreadSafeQueue'),
    empty_notifier=True,
    full_notifier=True,
)
