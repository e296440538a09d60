"""CheckUDPHeader: Checks the UDP header of IP packets (length, checksum); bad packets go to output
1 or are dropped.

Facts from Click's elements/tcpudp/checkudpheader.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='CheckUDPHeader',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    args=(
        Arg('VERBOSE', 'bool', default=False),
        Arg('DETAILS', 'bool', default=False),
    ),
    handlers=(
        Handler('drops'),
        Handler('drop_details'),
    ),
    state='counters',
    concurrency='drop counters are relaxed atomics; the first-failure message is printed once',
    header_delta=0,
    checks_transport=True,
    doc=(
        'Checks the UDP header of IP packets (length, checksum); bad packets go to output'
        ' 1 or are dropped.'
    ),
)
