"""BandwidthShaper: Passes pulls through at most RATE bytes per second.

Facts from Click's elements/standard/bandwidthshaper.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='BandwidthShaper',
    port_count='1/1-2',
    processing='l/l',
    flow_code='x/x',
    args=(
        Arg('RATE', 'bandwidth', positional=True, required=True),
    ),
    handlers=(
        Handler('rate', write=True),
        Handler('config'),
        Handler('reset', read=False, write=True),
    ),
    state='shared',
    doc='Passes pulls through at most RATE bytes per second.',
)
