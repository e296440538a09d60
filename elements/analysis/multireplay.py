"""MultiReplay: Loads every packet of its inputs into memory, then offers copies of them to
pull, each on the output of the input it came from, loop after loop, STOP times (FastClick's
replay element, pull to pull).

Facts from FastClick's elements/analysis/multireplay.hh and .cc (the class is FastClick's,
with its names and arguments; docs/more-elements.md, "FastClick's measurement elements").
"""

from clickc.elements.analysis.replaybase import (
    REPLAY_ARGS,
    REPLAY_HANDLERS,
    USE_SIGNAL,
    queue_holds_one,
)
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('MultiReplay', '1-/=', 'l/l', '#/#',
    # QUEUE, the one positional argument, first (as Click's Args reads them)
    args=(Arg('QUEUE', 'unsigned', positional=True, default=1024,
              doc="slots of each output's ring: QUEUE - 1 packets wait there at most "
                  "(at least 2)"),) + REPLAY_ARGS + (USE_SIGNAL,),
    handlers=REPLAY_HANDLERS,
    validate=queue_holds_one,
    schedulable='unqueue',
    state='shared',
    header_delta=0,
)
