"""What FastClick's Replay, ReplayUnqueue, MultiReplay and MultiReplayUnqueue share
(FastClick's ReplayBase, elements/analysis/replay.hh and .cc): the arguments ReplayBase::parse
reads, the handlers ReplayBase::add_handlers adds and the check of the pull replayers' QUEUE.
Not an element class: the four specs import these."""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, Handler
from clickc.ir import Element, RouterGraph

#: ReplayBase's arguments, in FastClick's order.
REPLAY_ARGS: tuple[Arg, ...] = (
    Arg('STOP', 'int', default=-1,
        doc='loops to replay (negative: without end); the router stops after the last'),
    Arg('STOP_TIME', 'int', default=0,
        doc='seconds: if positive, also stop once a loop ends this long after the first '
            'packet was sent'),
    Arg('QUICK_CLONE', 'bool', default=False,
        doc="accepted (FastClick's DPDK-buffer clones; clickc's clones share the data)"),
    Arg('BURST', 'unsigned', default=64, doc='packets sent per task run'),
    Arg('VERBOSE', 'bool', default=False, doc='report each loop'),
    Arg('FREEONTERMINATE', 'bool', default=True,
        doc='false: the last loop sends the loaded packets themselves, not copies'),
    Arg('LIMIT', 'int', default=-1, doc='load at most LIMIT packets (negative: all)'),
    Arg('ACTIVE', 'bool', default=True, doc='start active'),
)

#: USE_SIGNAL, which each class reads after its own arguments.
USE_SIGNAL = Arg('USE_SIGNAL', 'bool', default=False,
                 doc="accepted: loading stops at the first input that gives no packet")

#: ReplayBase's handlers.
REPLAY_HANDLERS: tuple[Handler, ...] = (
    Handler('active', write=True, doc='replaying (a write also restarts the timing)'),
    Handler('reset', read=False, write=True,
            doc='free the loaded packets: the next run loads the inputs again'),
    Handler('loaded', doc='whether the packets are loaded'),
    Handler('stop', write=True, doc='loops left (negative: without end)'),
)


def queue_holds_one(graph: RouterGraph, element: Element, args: dict[str, Any],
                    ctx: ConfigureContext) -> None:
    """Replay's and MultiReplay's QUEUE below 2 is refused: FastClick's ring of QUEUE slots
    keeps one free, so QUEUE 1 would never send (its router never ends) and QUEUE 0 writes
    outside the ring."""
    if int(args.get('QUEUE', 1024)) < 2:
        ctx.error("QUEUE must be at least 2 (a ring of QUEUE slots holds QUEUE - 1 packets)")
