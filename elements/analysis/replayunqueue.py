"""ReplayUnqueue: Loads every packet of its inputs into memory, then pushes copies of them out,
loop after loop, STOP times (FastClick's replay element, pull to push).

Facts from FastClick's elements/analysis/replay.hh and .cc (the class is FastClick's, with its
names and arguments; docs/more-elements.md, "FastClick's measurement elements").
"""

from typing import Any

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
    args=(Arg('STOP', 'int', default=-1,
              doc='loops to replay (negative: without end); the router stops after the last'),
          Arg('STOP_TIME', 'int', default=0,
              doc='seconds: if positive, also stop once a loop ends this long after the '
                  'first packet was sent'),
          Arg('QUICK_CLONE', 'bool', default=False,
              doc="accepted (FastClick's DPDK-buffer clones; clickc's clones share the data)"),
          Arg('BURST', 'unsigned', default=64, doc='packets pushed per task run'),
          Arg('VERBOSE', 'bool', default=False, doc='report each loop'),
          Arg('FREEONTERMINATE', 'bool', default=True,
              doc='false: the last loop pushes the loaded packets themselves, not copies'),
          Arg('LIMIT', 'int', default=-1,
              doc='load at most LIMIT packets (negative: all)'),
          Arg('ACTIVE', 'bool', default=True, doc='start active'),
          Arg('USE_SIGNAL', 'bool', default=False,
              doc="accepted: loading stops at the first input that gives no packet"),
          Arg('TIMING', 'unsigned', default=0,
              doc="0: as fast as possible; N: at N% of the speed the timestamps give"),
          Arg('TIMING_FNT', 'string', default='',
              doc='refused (a function of time for TIMING); "@0" means constant TIMING')),
    handlers=(
        Handler('active', write=True, doc='replaying (a write also restarts the timing)'),
        Handler('reset', read=False, write=True,
                doc='free the loaded packets: the next run loads the inputs again'),
        Handler('loaded', doc='whether the packets are loaded'),
        Handler('stop', write=True, doc='loops left (negative: without end)'),
        Handler('timing', write=True, doc='TIMING'),
    ),
    validate=no_timing_fnt,
    schedulable='unqueue',
    state='shared',
    header_delta=0,
)
