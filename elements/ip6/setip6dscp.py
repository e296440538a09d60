"""SetIP6DSCP: Sets the DSCP (the upper six bits of the traffic class) of the IPv6 header.

Facts from Click's elements/ip6/setip6dscp.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('SetIP6DSCP', '1/1', 'a/a',
    args=(Arg('DSCP', 'dscp', positional=True, required=True,
              doc='the DSCP value, 0 to 63'),),
    handlers=(Handler('dscp', write=True, doc='DSCP: read and change it'),),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
