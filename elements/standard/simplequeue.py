"""SimpleQueue: A first-in first-out packet queue without notification.

Facts from Click's elements/standard/simplequeue.hh and .cc.
"""

import dataclasses

from clickc.elements.spec import Arg, ElementSpec, Handler


def queue_spec(name: str, doc: str = "", *, notifier: bool = True,
               synonyms: tuple[str, ...] = ()) -> ElementSpec:
    """The spec of a Click queue class: SimpleQueue (``notifier=False``), or one derived from
    Click's NotifierQueue (Queue alias FullNoteQueue, FrontDropQueue, ThreadSafeQueue), which
    adds the ``notifier_state`` handler.  The same ports, CAPACITY argument and counters;
    only the name and the C template differ."""
    return ElementSpec(name, '1/1-2', 'h/lh',
        args=(Arg('CAPACITY', 'unsigned', positional=True, default=1000),),
        handlers=(
            *((Handler('notifier_state'),) if notifier else ()),
            Handler('length'),
            Handler('highwater_length'),
            Handler('capacity', write=True),
            Handler('drops'),
            Handler('reset_counts', read=False, write=True),
            Handler('reset', read=False, write=True),
        ),
        state='queue',
        synonyms=synonyms,
        doc=doc,
    )


SPEC = dataclasses.replace(
    queue_spec(name='SimpleQueue', notifier=False),
    header_delta=0,
    c_helpers=('read_notifier_state',),
)
