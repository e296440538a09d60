"""MSQueue: A multiple-producer single-consumer queue (deprecated in Click for ThreadSafeQueue,
which it is).

Facts from Click's elements/standard/msqueue.hh and .cc.
"""

import dataclasses
from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.standard.simplequeue import queue_hot, queue_spec
from clickc.ir import Element, RouterGraph


def deprecated(graph: RouterGraph, element: Element, args: dict[str, Any],
               ctx: ConfigureContext) -> None:
    """Click's warning after MSQueue's configuration (MSQueue::configure)."""
    ctx.warning("MSQueue is deprecated, use ThreadSafeQueue instead")


SPEC = dataclasses.replace(
    queue_spec(name='MSQueue'),
    empty_notifier=True,
    hot=queue_hot('MSQueue'),
    validate=deprecated,
)
