"""NotifierQueue: Stores pushed packets in a first-in first-out queue of CAPACITY packets for
downstream pulls, waking sleeping pullers when it becomes non-empty; drops when full.

Facts from Click's elements/standard/notifierqueue.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_hot, queue_spec

SPEC = dataclasses.replace(
    queue_spec(name='NotifierQueue'),
    hot=queue_hot('NotifierQueue'),
    empty_notifier=True,
    header_delta=0,
)
