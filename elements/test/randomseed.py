"""RandomSeed: Sets the seed of the router's random number generator (click_random).

Facts from Click's elements/test/randomseed.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='RandomSeed',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('SEED', 'unsigned', positional=True),
    ),
    handlers=(
        Handler('seed', write=True),
    ),
    doc="Sets the seed of the router's random number generator (click_random).",
)
