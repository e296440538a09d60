"""Shaper: Passes pulls through at most RATE packets per second.

Facts from Click's elements/standard/shaper.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='Shaper',
    port_count='1/1-2',
    processing='l/l',
    flow_code='x/x',
    args=(
        Arg('RATE', 'unsigned', positional=True, required=True),
    ),
    handlers=(
        Handler('rate', write=True),
        Handler('config'),
        Handler('reset', read=False, write=True),
    ),
    state='shared',
    doc='Passes pulls through at most RATE packets per second.',
)
