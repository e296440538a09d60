"""BandwidthRatedSplitter: Sends packets to output 0 at up to RATE bytes per second, the excess to
output 1.

Facts from Click's elements/standard/bwratedsplitter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.elements.standard.ratedunqueue import burst_args

SPEC = ElementSpec(
    name='BandwidthRatedSplitter',
    port_count='1/1-2',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('RATE', 'bandwidth', positional=True, required=True),
        Arg('BURST_DURATION', 'milliseconds'),
        Arg('BURST_BYTES', 'unsigned'),
    ),
    handlers=(
        Handler('rate', write=True),
        Handler('config'),
    ),
    validate=burst_args,
    state='shared',
    doc=(
        'Sends packets to output 0 at up to RATE bytes per second, the excess to output '
        '1.'
    ),
)
