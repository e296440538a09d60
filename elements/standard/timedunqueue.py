"""TimedUnqueue: A task that pulls up to BURST packets every INTERVAL and pushes them out.

Facts from Click's elements/standard/timedunqueue.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def check_burst(graph: RouterGraph, element: Element, args: dict[str, Any],
                ctx: ConfigureContext) -> None:
    """Click's "bad BURST" for a BURST below 1."""
    b = args.get('BURST')
    if isinstance(b, int) and b <= 0:
        ctx.error("bad BURST")


def timed_unqueue_spec(name: str, burst: int, doc: str = "") -> ElementSpec:
    """The spec of TimedUnqueue (BURST 1 by default) and Burster (8): INTERVAL in
    milliseconds, then BURST."""
    return ElementSpec(name, '1/1', 'l/h',
        paced=True,
        args=(
            Arg('INTERVAL', 'milliseconds', positional=True, required=True,
                doc='time between two runs (milliseconds)'),
            Arg('BURST', 'int', positional=True, default=burst,
                doc=f'packets pulled per run, at least 1 (default {burst})'),
        ),
        validate=check_burst,
        schedulable='unqueue',
        empty_signal=True,
        state='shared',
        header_delta=0,
        doc=doc,
    )


SPEC = timed_unqueue_spec('TimedUnqueue', 1)
