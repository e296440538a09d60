"""TimestampAccum: Accumulates, over the packets that pass, the time elapsed since each packet's
timestamp annotation.

Facts from Click's elements/analysis/timestampaccum.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('TimestampAccum', '1/1', 'a/a',
    config='none',
    handlers=(
        Handler('count', doc='packets that passed'),
        Handler('time', doc='seconds elapsed since their timestamps, summed'),
        Handler('average_time', doc='time / count'),
        Handler('reset_counts', read=False, write=True),
    ),
    state='counters',
    reads_timestamp=True,
    header_delta=0,
)
