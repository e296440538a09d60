"""ScheduleInfo: Sets scheduling parameters (tickets) of elements.

Facts from Click's elements/standard/scheduleinfo.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='ScheduleInfo',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:schedule_info',
    configure_phase=20,
    doc='Sets scheduling parameters (tickets) of elements.',
)
