"""Meter: Sends packets to outputs by the measured packet rate against increasing thresholds.

Facts from Click's elements/standard/meter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.elements.standard.bandwidthmeter import meter_thresholds

SPEC = ElementSpec(
    name='Meter',
    port_count='1/2-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=meter_thresholds,
    handlers=(
        Handler('rate'),
        Handler('meters'),
    ),
    state='shared',
    doc=(
        'Sends packets to outputs by the measured packet rate against increasing '
        'thresholds.'
    ),
)
