"""RatedSource: A task that pushes copies of a given packet at RATE packets per second.

Facts from Click's elements/standard/ratedsource.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.elements.standard.infinitesource import DATA_ARG, SIZE_ARGS

SPEC = ElementSpec('RatedSource', '0/1', 'a/a',
    args=(
        DATA_ARG,
        Arg('RATE', 'unsigned', positional=True, default=10),
        Arg('LIMIT', 'int', positional=True, default=-1),
        Arg('ACTIVE', 'bool', positional=True, default=True),
        *SIZE_ARGS,
        Arg('BANDWIDTH', 'bandwidth'),
    ),
    handlers=(
        Handler('data', write=True),
        Handler('rate', write=True),
        Handler('limit', write=True),
        Handler('active', write=True),
        Handler('reset', read=False, write=True),
        Handler('length', write=True),
        Handler('datasize', write=True),
        Handler('count'),
    ),
    schedulable='source',
    state='counters',
    # the token bucket continues at the same rate and burst (docs/reconfiguration.md)
    # the bucket at the same rate; count, LIMIT, ACTIVE at the same configuration (take)
    hot=HotState(key=('rate', 'capacity'), keyed=('tokens', 'last_ns'),
                 expose=('count', 'limit', 'active', 'ended'), take=True),
)
