"""BandwidthRatedUnqueue: A task that pulls packets and pushes them out at RATE bytes per second.

Facts from Click's elements/standard/bwratedunqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.elements.standard.ratedunqueue import burst_args

SPEC = ElementSpec(
    name='BandwidthRatedUnqueue',
    port_count='1/1',
    processing='l/h',
    flow_code='x/x',
    args=(
        Arg('RATE', 'bandwidth', positional=True, required=True),
        Arg('BURST_DURATION', 'milliseconds'),
        Arg('BURST_BYTES', 'unsigned'),
    ),
    handlers=(
        Handler('calls'),
        Handler('rate', write=True),
        Handler('config'),
        Handler('active', write=True),
    ),
    schedulable='unqueue',
    validate=burst_args,
    state='shared',
    doc='A task that pulls packets and pushes them out at RATE bytes per second.',
)
