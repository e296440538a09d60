"""IPPrint: Prints a tcpdump-like line for each IP packet.

Facts from Click's elements/ip/ipprint.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, Configured, ElementSpec, Handler, arg_value, truthy


def reads_timestamp(e: Configured) -> bool:
    """Prints the timestamp unless TIMESTAMP false (default true)."""
    return truthy(arg_value(e, 'TIMESTAMP', True))


SPEC = ElementSpec(
    name='IPPrint',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('LABEL', 'string', positional=True, default=''),
        Arg('CONTENTS', 'word', default='no'),
        Arg('PAYLOAD', 'word', default='no'),
        Arg('MAXLENGTH', 'int', default=1500),
        Arg('NBYTES', 'int', default=1500),
        Arg('ID', 'bool', default=False),
        Arg('TIMESTAMP', 'bool', default=True),
        Arg('PAINT', 'bool', default=False),
        Arg('TOS', 'bool', default=False),
        Arg('TTL', 'bool', default=False),
        Arg('SWAP', 'bool', default=True),
        Arg('LENGTH', 'bool', default=False),
        Arg('AGGREGATE', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('OUTFILE', 'filename'),
        Arg('CHANNEL', 'word'),
    ),
    handlers=(
        Handler('active', write=True),
    ),
    validate='clickc.elements.parsers:ipprint_contents',
    shared_output=True,
    header_delta=0,
    reads_timestamp=reads_timestamp,
    doc='Prints a tcpdump-like line for each IP packet.',
)
