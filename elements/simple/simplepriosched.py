"""SimplePrioSched: Pulls from the lowest-numbered input that has a packet, without notification.

Facts from Click's elements/simple/simplepriosched.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.priosched import SPEC as PRIOSCHED

SPEC = dataclasses.replace(PRIOSCHED, name='SimplePrioSched')
