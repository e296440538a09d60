"""SimpleQueue: A first-in first-out packet queue without notification.

Facts from Click's elements/standard/simplequeue.hh and .cc.
"""

import dataclasses

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState

#: The queue classes built on Click's SimpleQueue (their C templates share queue.c's or
#: frontdropqueue.c's storage and counters; MixedQueue its own array with the same counters):
#: at a hot reconfiguration each takes the packets
#: of any other, as Click's SimpleQueue::take_state takes them from any element that is a
#: SimpleQueue (docs/reconfiguration.md).
SIMPLE_QUEUES = ('Queue', 'FullNoteQueue', 'SimpleQueue', 'NotifierQueue', 'FrontDropQueue',
                 'ThreadSafeQueue', 'QuickNoteQueue', 'MSQueue', 'MixedQueue')


def queue_hot(name: str) -> HotState:
    """How a SimpleQueue-family class's state moves (ElementSpec.hot): the packets, in order,
    into the new queue's storage (its capacity; the overflow counted as drops with a reason)
    by the C template's hot_take and hot_drain; ``drops`` and ``highwater_length`` continue;
    the other classes of :data:`SIMPLE_QUEUES` are accepted."""
    return HotState(copy=('drops', 'highwater'), take=True, drain=True,
                    accepts=tuple(c for c in SIMPLE_QUEUES if c != name))


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
    hot=queue_hot('SimpleQueue'),
    c_helpers=('read_notifier_state',),
)
