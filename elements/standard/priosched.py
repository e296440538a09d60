"""PrioSched: Pulls from the lowest-numbered input that has a packet (strict priority scheduler).

Facts from Click's elements/standard/priosched.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('PrioSched', '-/1', 'l/l',
    config='none',
    scheduler=True,
    removable_inputs='ports',
    click_flags='S0',
)
