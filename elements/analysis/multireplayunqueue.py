"""MultiReplayUnqueue: Loads every packet of its inputs into memory, then pushes copies of
them out, each to the output of the input it came from, loop after loop, STOP times
(FastClick's replay element, pull to push).

Facts from FastClick's elements/analysis/multireplay.hh and .cc (the class is FastClick's,
with its names and arguments; docs/more-elements.md, "FastClick's measurement elements").
"""

from clickc.elements.analysis.replaybase import REPLAY_ARGS, REPLAY_HANDLERS, USE_SIGNAL
from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('MultiReplayUnqueue', '1-/=', 'l/h', '#/#',
    args=REPLAY_ARGS + (USE_SIGNAL,),
    handlers=REPLAY_HANDLERS,
    schedulable='unqueue',
    state='shared',
    header_delta=0,
)
