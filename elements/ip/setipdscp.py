"""SetIPDSCP: Sets the DSCP field of the IP header and updates the checksum.

Facts from Click's elements/ip/setipdscp.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='SetIPDSCP',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('DSCP', 'dscp', positional=True, required=True),
    ),
    handlers=(
        Handler('dscp', write=True),
    ),
    header_delta=0,
    doc='Sets the DSCP field of the IP header and updates the checksum.',
)
