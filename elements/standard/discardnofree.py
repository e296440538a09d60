"""DiscardNoFree: Drops every packet it receives (in Click without freeing it, for benchmarks);
pulls when its input is pull.

Facts from Click's elements/standard/discardnofree.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('DiscardNoFree', '1/0', 'a/a',
    config='none',
    schedulable='pull-sink',
    empty_signal=True,
    order_free=True,
)
