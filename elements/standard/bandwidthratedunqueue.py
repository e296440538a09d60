"""BandwidthRatedUnqueue: A task that pulls packets and pushes them out at RATE bytes per second.

Facts from Click's elements/standard/bwratedunqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.standard.ratedunqueue import unqueue_spec

SPEC = unqueue_spec(
    name='BandwidthRatedUnqueue',
    bandwidth=True,
    doc='A task that pulls packets and pushes them out at RATE bytes per second.',
)
