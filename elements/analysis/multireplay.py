"""MultiReplay: Loads every packet of its inputs into memory, then offers copies of them to
pull, each on the output of the input it came from, loop after loop, STOP times (FastClick's
replay element, pull to pull).

Facts from FastClick's elements/analysis/multireplay.hh and .cc (the class is FastClick's,
with its names and arguments; docs/more-elements.md, "FastClick's measurement elements").
"""

from typing import Any

from clickc.elements.analysis.replaybase import REPLAY_ARGS, REPLAY_HANDLERS, USE_SIGNAL
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def queue_holds_one(graph: RouterGraph, element: Element, args: dict[str, Any],
                    ctx: ConfigureContext) -> None:
    """QUEUE below 2 is refused: FastClick's ring of QUEUE slots keeps one free, so QUEUE 1
    would never send (its router never ends) and QUEUE 0 writes outside the ring."""
    if int(args.get('QUEUE', 1024)) < 2:
        ctx.error("QUEUE must be at least 2 (each output's ring holds QUEUE - 1 packets)")


SPEC = ElementSpec('MultiReplay', '1-/=', 'l/l', '#/#',
    args=REPLAY_ARGS + (
        Arg('QUEUE', 'unsigned', positional=True, default=1024,
            doc="slots of each output's ring: QUEUE - 1 packets wait there at most "
                "(at least 2)"),
        USE_SIGNAL),
    handlers=REPLAY_HANDLERS,
    validate=queue_holds_one,
    schedulable='unqueue',
    state='shared',
    header_delta=0,
)
