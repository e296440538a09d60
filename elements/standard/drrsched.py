"""DRRSched: Deficit round-robin scheduler over its inputs, QUANTUM bytes per round.

Facts from Click's elements/standard/drr.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='DRRSched',
    port_count='-/1',
    processing='l/l',
    flow_code='x/x',
    args=(
        Arg('QUANTUM', 'unsigned', positional=True, default=500),
    ),
    state='shared',
    scheduler=True,
    click_flags='S0',
    doc='Deficit round-robin scheduler over its inputs, QUANTUM bytes per round.',
)
