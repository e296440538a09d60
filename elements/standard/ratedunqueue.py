"""RatedUnqueue: A task that pulls packets from its input and pushes them out at RATE packets per
second.

Facts from Click's elements/standard/ratedunqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='RatedUnqueue',
    port_count='1/1',
    processing='l/h',
    flow_code='x/x',
    args=(
        Arg('RATE', 'unsigned', positional=True, required=True),
        Arg('BURST_DURATION', 'milliseconds'),
        Arg('BURST_SIZE', 'unsigned'),
    ),
    handlers=(
        Handler('calls'),
        Handler('rate', write=True),
        Handler('config'),
        Handler('active', write=True),
    ),
    schedulable='unqueue',
    state='shared',
    doc=(
        'A task that pulls packets from its input and pushes them out at RATE packets per'
        ' second.'
    ),
)
