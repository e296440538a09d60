"""Queue: Stores pushed packets in a first-in first-out queue of CAPACITY packets for downstream
pulls; drops when full.

Facts from Click's elements/standard/fullnotequeue.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_hot, queue_spec

SPEC = dataclasses.replace(
    queue_spec(name='Queue', synonyms=('FullNoteQueue',)),
    empty_notifier=True,
    full_notifier=True,
    header_delta=0,
    # packets move to the new Queue (its capacity; the overflow is counted as drops)
    hot=queue_hot('Queue'),
)
