"""UDPIPEncap: Prepends UDP and IP headers with the given addresses and ports.

Facts from Click's elements/tcpudp/udpipencap.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='UDPIPEncap',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('SPORT', 'port', positional=True, required=True),
        Arg('DST', 'ip', positional=True, required=True),
        Arg('DPORT', 'port', positional=True, required=True),
        Arg('CHECKSUM', 'bool', positional=True, default=True),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('sport', write=True),
        Handler('dst', write=True),
        Handler('dport', write=True),
    ),
    doc='Prepends UDP and IP headers with the given addresses and ports.',
)
