"""StaticThreadSched: Assigns elements' tasks to threads (ELEMENT THREAD pairs).

Facts from Click's elements/threads/staticthreadsched.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='StaticThreadSched',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:thread_assignments',
    assigns_threads=True,
    doc="Assigns elements' tasks to threads (ELEMENT THREAD pairs).",
)
