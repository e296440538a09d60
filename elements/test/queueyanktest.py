"""QueueYankTest: Tests the yank operations of a Queue when the router starts.

Facts from Click's elements/test/queueyanktest.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph

#: Classes whose template is queue.c (Click's SimpleQueue and its subclasses).
QUEUE_CLASSES = frozenset({"Queue", "SimpleQueue", "NotifierQueue", "FullNoteQueue"})


def check_config(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """QUEUE must name a Queue (Click's message, QueueYankTest::configure)."""
    q = args.get('QUEUE')
    if q is None or str(q) not in graph or graph.element(str(q)).class_name not in QUEUE_CLASSES:
        ctx.error("QUEUE argument must be a Queue element")


SPEC = ElementSpec('QueueYankTest', '0/0', 'a/a',
    args=(Arg('QUEUE', 'element', positional=True, required=True,
              doc='the Queue (SimpleQueue, NotifierQueue) whose yank operations are tested'),),
    validate=check_config,
    schedulable='timer',
    state='shared',
)
