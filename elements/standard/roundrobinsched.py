"""RoundRobinSched: Pulls from its inputs in turn (round-robin scheduler).

Facts from Click's elements/standard/rrsched.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='RoundRobinSched',
    port_count='-/1',
    processing='l/l',
    flow_code='x/x',
    config='none',
    state='shared',
    scheduler=True,
    removable_inputs='ports',
    click_flags='S0',
    doc='Pulls from its inputs in turn (round-robin scheduler).',
)
