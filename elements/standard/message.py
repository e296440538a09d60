"""Message: Prints a message when the router is initialized.

Facts from Click's elements/standard/messageelement.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='Message',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('MESSAGE', 'string', positional=True, required=True),
        Arg('TYPE', 'keyword', positional=True, default='MESSAGE'),
    ),
    validate='clickc.elements.parsers:message_element',
    doc='Prints a message when the router is initialized.',
)
