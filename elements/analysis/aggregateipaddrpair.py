"""AggregateIPAddrPair: Numbers the IP address pairs (either direction) from 1 and sets each
packet's aggregate annotation to its pair's number and its paint annotation to its direction.

Facts from Click's elements/analysis/aggregateipaddrpair.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('AggregateIPAddrPair', '1/1-2', 'a/ah',
    args=(
        Arg('TIMEOUT', 'seconds', default=0,
            doc='a pair unseen for this long (packet time) gets a new number (0: never)'),
        Arg('REAP', 'seconds', default=1200, doc='interval between sweeps of expired pairs'),
    ),
    handlers=(Handler('clear', read=False, write=True, doc='forget every pair'),),
    state='per-flow',
    reads_timestamp=True,
    header_delta=0,
)
