"""SimpleRoundRobinSched: Pulls from its inputs in turn, without notification.

Facts from Click's elements/simple/simplerrsched.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.roundrobinsched import SPEC as RRSCHED

SPEC = dataclasses.replace(RRSCHED, name='SimpleRoundRobinSched')
