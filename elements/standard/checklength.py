"""CheckLength: Sends packets longer than LENGTH to output 1 (or drops them).

Facts from Click's elements/standard/checklength.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='CheckLength',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    args=(
        Arg('LENGTH', 'unsigned', positional=True, required=True),
    ),
    handlers=(
        Handler('length', write=True),
    ),
    doc='Sends packets longer than LENGTH to output 1 (or drops them).',
)
