"""AverageCounterIMP: FastClick's AverageCounter with per-thread counts and times.

Facts from FastClick's elements/standard/averagecounter.hh and .cc; arguments and handlers are
AverageCounterMP's, the C file shares elements/standard/ckavgfc.h with it.
"""

from clickc.elements.standard.averagecountermp import fastclick_average_counter

SPEC = fastclick_average_counter(
    'AverageCounterIMP', 'per-thread',
    "per-thread slots of counts, first and last time (written by their thread), summed by the "
    "handlers; the first time is the threads' earliest, the last their latest")
