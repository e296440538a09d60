"""TimeRange: Records the earliest and latest timestamps of the packets that pass.

Facts from Click's elements/analysis/timerange.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('TimeRange', '1/1', 'a/a',
    args=(Arg('SIMPLE', 'bool', default=False,
              doc='the packets arrive in timestamp order: the last one seen is the latest'),),
    handlers=(
        Handler('first', doc='the earliest timestamp'),
        Handler('last', doc='the latest timestamp'),
        Handler('range', doc='"FIRST LAST"'),
        Handler('interval', doc='LAST - FIRST'),
        Handler('reset', read=False, write=True, doc='forget both'),
    ),
    state='shared',
    reads_timestamp=True,
    header_delta=0,
)
