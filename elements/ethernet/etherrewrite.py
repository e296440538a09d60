"""EtherRewrite: Rewrites the Ethernet source and destination addresses.

Facts from Click's elements/ethernet/etherrewrite.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='EtherRewrite',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('SRC', 'ether', positional=True, required=True),
        Arg('DST', 'ether', positional=True, required=True),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('dst', write=True),
    ),
    order_free=True,
    doc='Rewrites the Ethernet source and destination addresses.',
)
