"""AverageCounterIMP: FastClick's AverageCounter with per-thread counts and times.

Facts from FastClick's elements/standard/averagecounter.hh and .cc; arguments and handlers are
AverageCounterMP's, the C file shares elements/standard/ckavgfc.h with it.
"""

from clickc.elements.spec import ElementSpec
from clickc.elements.standard.averagecountermp import ARGS, HANDLERS

SPEC = ElementSpec('AverageCounterIMP', '1/1', 'a/a',
    args=ARGS,
    handlers=HANDLERS,
    state='counters',
    concurrency='per-thread',
    concurrency_note="per-thread slots of counts, first and last time (written by their thread), "
                     "summed by the handlers; the first time is the threads' earliest, the last "
                     "their latest",
)
