"""SchedOrderTest: Test element that records the order in which tasks run.

Facts from Click's elements/test/schedordertest.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='SchedOrderTest',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('ID', 'int', positional=True, required=True),
        Arg('SIZE', 'int', default=0),
        Arg('STOP', 'bool', default=False),
        Arg('LIMIT', 'unsigned', default=0),
    ),
    handlers=(
        Handler('order'),
    ),
    schedulable='source',
    state='shared',
    doc='Test element that records the order in which tasks run.',
)
