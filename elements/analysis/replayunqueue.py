"""ReplayUnqueue: Loads every packet of its inputs into memory, then pushes copies of them out,
loop after loop, STOP times (FastClick's replay element, pull to push).

Facts from FastClick's elements/analysis/replay.hh and .cc (the class is FastClick's, with its
names and arguments; docs/more-elements.md, "FastClick's measurement elements").
"""

from typing import Any

from clickc.elements.analysis.replaybase import REPLAY_ARGS, REPLAY_HANDLERS, USE_SIGNAL
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def no_timing_fnt(graph: RouterGraph, element: Element, args: dict[str, Any],
                  ctx: ConfigureContext) -> None:
    """TIMING_FNT (a TinyExpr function of time, FastClick's Metron experiments) is refused:
    clickc has no expression evaluator for it; "@0", FastClick's constant timing, is accepted."""
    fnt = args.get('TIMING_FNT')
    if isinstance(fnt, bytes):
        fnt = fnt.decode('latin-1')
    if fnt is not None and str(fnt) not in ('', '@0'):
        ctx.error("TIMING_FNT is not supported by clickc: give a constant TIMING")


SPEC = ElementSpec('ReplayUnqueue', '1-/=', 'l/h', '#/#',
    args=REPLAY_ARGS + (
        USE_SIGNAL,
        Arg('TIMING', 'unsigned', default=0,
            doc="0: as fast as possible; N: at N% of the speed the timestamps give"),
        Arg('TIMING_FNT', 'string', default='',
            doc='refused (a function of time for TIMING); "@0" means constant TIMING')),
    handlers=REPLAY_HANDLERS + (
        Handler('timing', write=True, doc='TIMING'),
    ),
    validate=no_timing_fnt,
    schedulable='unqueue',
    state='shared',
    header_delta=0,
)
