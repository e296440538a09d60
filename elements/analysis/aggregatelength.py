"""AggregateLength: Sets the aggregate annotation to the packet's length (plus its EXTRA_LENGTH
annotation), from the network header with IP.

Facts from Click's elements/analysis/aggregatelen.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('AggregateLength', '1/1', 'a/a',
    args=(Arg('IP', 'bool', default=False,
              doc='count from the network header; packets without one are dropped'),),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
