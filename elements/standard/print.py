"""Print: Prints a hex dump of the start of each packet to standard error, with an optional label.

Facts from Click's elements/standard/print.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, Configured, ElementSpec, Handler, arg_value, truthy


def reads_timestamp(e: Configured) -> bool:
    """Prints the timestamp only with TIMESTAMP true (default false)."""
    return truthy(arg_value(e, 'TIMESTAMP', False))


SPEC = ElementSpec(
    name='Print',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('LABEL', 'string', positional=True, default=''),
        Arg('MAXLENGTH', 'int', positional=True, default=24),
        Arg('LENGTH', 'int', deprecated=True),
        Arg('NBYTES', 'int', deprecated=True),
        Arg('CONTENTS', 'word', default='HEX'),
        Arg('TIMESTAMP', 'bool', default=False),
        Arg('PRINTANNO', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('HEADROOM', 'bool', default=False),
    ),
    handlers=(Handler('active', write=True),),
    validate='clickc.elements.parsers:print_contents',
    shared_output=True,
    header_delta=0,
    reads_timestamp=reads_timestamp,
    doc=(
        'Prints a hex dump of the start of each packet to standard error, with an '
        'optional label.'
    ),
)
