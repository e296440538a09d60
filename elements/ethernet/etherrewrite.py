"""EtherRewrite: Rewrites the Ethernet source and destination addresses.

Facts from Click's elements/ethernet/etherrewrite.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('EtherRewrite', '1/1', 'a/a',
    args=(
        Arg('SRC', 'ether', positional=True, required=True),
        Arg('DST', 'ether', positional=True, required=True),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('dst', write=True),
    ),
    order_free=True,
)
