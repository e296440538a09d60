"""StrideSched: Pulls from its inputs in proportion to their tickets (stride scheduler).

Facts from Click's elements/standard/stridesched.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='StrideSched',
    port_count='1-/1',
    processing='l/l',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:tickets',
    handlers=(
        Handler('config'),
    ),
    state='shared',
    scheduler=True,
    removable_inputs='ports-and-args',
    click_flags='S0',
    doc='Pulls from its inputs in proportion to their tickets (stride scheduler).',
)
