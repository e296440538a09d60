"""RoundRobinSched: Pulls from its inputs in turn (round-robin scheduler).

Facts from Click's elements/standard/rrsched.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('RoundRobinSched', '-/1', 'l/l',
    config='none',
    state='shared',
    scheduler=True,
    sleep_neutral=True,
    removable_inputs='ports',
    click_flags='S0',
)
