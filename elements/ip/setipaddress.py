"""SetIPAddress: Sets the destination-address annotation (or another address annotation) to IPADDR.

Facts from Click's elements/ip/setipaddress.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('SetIPAddress', '1/1', 'a/a',
    args=(
        Arg('IPADDR', 'ip', positional=True, required=True),
        Arg('ANNO', 'anno4', default=0, doc='default: DST_IP'),
    ),
    handlers=(Handler('addr', write=True),),
    header_delta=0,
)
