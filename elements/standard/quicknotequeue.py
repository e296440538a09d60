"""QuickNoteQueue: Stores pushed packets in a first-in first-out queue of CAPACITY packets for
downstream pulls, with empty and full notification; drops when full.

Facts from Click's elements/standard/quicknotequeue.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_hot, queue_spec

SPEC = dataclasses.replace(
    queue_spec(name='QuickNoteQueue'),
    empty_notifier=True,
    full_notifier=True,  # a FullNoteQueue in Click
    hot=queue_hot('QuickNoteQueue'),
    header_delta=0,
)
