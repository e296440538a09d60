"""DelayShaper: Delays pulled packets by at least DELAY after their timestamp.

Facts from Click's elements/standard/delayshaper.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='DelayShaper',
    port_count='1/1',
    processing='l/l',
    flow_code='x/x',
    args=(
        Arg('DELAY', 'time', positional=True, required=True),
    ),
    handlers=(
        Handler('delay', write=True),
    ),
    state='shared',
    doc='Delays pulled packets by at least DELAY after their timestamp.',
)
