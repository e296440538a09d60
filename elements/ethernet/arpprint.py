"""ARPPrint: Prints a line for each ARP packet.

Facts from Click's elements/ethernet/arpprint.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ARPPrint',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('LABEL', 'string', positional=True, default=''),
        Arg('TIMESTAMP', 'bool', default=True),
        Arg('ETHER', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('OUTFILE', 'filename'),
    ),
    handlers=(
        Handler('active', write=True),
    ),
    shared_output=True,
    doc='Prints a line for each ARP packet.',
)
