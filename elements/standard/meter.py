"""Meter: Sends packets to outputs by the measured packet rate against increasing thresholds.

Facts from Click's elements/standard/meter.hh and .cc.
"""

from clickc.elements.standard.bandwidthmeter import meter_spec

SPEC = meter_spec(name='Meter')
