"""HostEtherFilter: Drops (or diverts to output 1) Ethernet frames not addressed to this host.

Facts from Click's elements/ethernet/hostetherfilter.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('HostEtherFilter', '1/1-2', 'a/ah',
    args=(
        Arg('ETHER', 'ether', positional=True, required=True),
        Arg('DROP_OWN', 'bool', positional=True, default=False),
        Arg('DROP_OTHER', 'bool', positional=True, default=True),
        Arg('OFFSET', 'unsigned', default=0),
    ),
    handlers=(Handler('ether', write=True),),
    order_free=True,
    header_delta=0,
)
