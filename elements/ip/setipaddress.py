"""SetIPAddress: Sets the destination-address annotation (or another address annotation) to IPADDR.

Facts from Click's elements/ip/setipaddress.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='SetIPAddress',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('IPADDR', 'ip', positional=True, required=True),
        Arg('ANNO', 'anno4', default=0, doc='default: DST_IP'),
    ),
    handlers=(
        Handler('addr', write=True),
    ),
    header_delta=0,
    doc=(
        'Sets the destination-address annotation (or another address annotation) to '
        'IPADDR.'
    ),
)
