"""MixedQueue: Stores packets in a queue of CAPACITY packets that is first-in first-out for
input 0 and last-in first-out for input 1; when full, a FIFO packet is dropped, a LIFO packet
makes room by dropping the packet at the tail.

Facts from Click's elements/standard/mixedqueue.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_hot, queue_spec

SPEC = dataclasses.replace(
    queue_spec(name='MixedQueue'),
    port_count='2/1-2',
    empty_notifier=True,
    header_delta=0,
    # the packets move to and from the SimpleQueue family (docs/reconfiguration.md)
    hot=queue_hot('MixedQueue'),
)
