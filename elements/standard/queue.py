"""Queue: Stores pushed packets in a first-in first-out queue of CAPACITY packets for downstream
pulls; drops when full.

Facts from Click's elements/standard/fullnotequeue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

import dataclasses

from clickc.elements.standard.simplequeue import queue_spec

SPEC = dataclasses.replace(
    queue_spec(
        name='Queue',
        synonyms=('FullNoteQueue',),
        doc=(
            'Stores pushed packets in a first-in first-out queue of CAPACITY packets for '
            'downstream pulls; drops when full.'
        ),
    ),
    empty_notifier=True,
    header_delta=0,
)
