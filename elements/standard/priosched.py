"""PrioSched: Pulls from the lowest-numbered input that has a packet (strict priority scheduler).

Facts from Click's elements/standard/priosched.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='PrioSched',
    port_count='-/1',
    processing='l/l',
    flow_code='x/x',
    config='none',
    scheduler=True,
    removable_inputs='ports',
    click_flags='S0',
    doc=(
        'Pulls from the lowest-numbered input that has a packet (strict priority '
        'scheduler).'
    ),
)
