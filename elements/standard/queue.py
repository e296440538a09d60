"""Queue: Stores pushed packets in a first-in first-out queue of CAPACITY packets for downstream
pulls; drops when full.

Facts from Click's elements/standard/fullnotequeue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='Queue',
    port_count='1/1-2',
    processing='h/lh',
    flow_code='x/x',
    args=(
        Arg('CAPACITY', 'unsigned', positional=True, default=1000),
    ),
    handlers=(
        Handler('notifier_state'),
        Handler('length'),
        Handler('highwater_length'),
        Handler('capacity', write=True),
        Handler('drops'),
        Handler('reset_counts', read=False, write=True),
        Handler('reset', read=False, write=True),
    ),
    state='queue',
    synonyms=('FullNoteQueue',),
    empty_notifier=True,
    header_delta=0,
    doc=(
        'Stores pushed packets in a first-in first-out queue of CAPACITY packets for '
        'downstream pulls; drops when full.'
    ),
)
