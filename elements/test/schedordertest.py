"""SchedOrderTest: Test element that records the order in which tasks run.

Facts from Click's elements/test/schedordertest.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('SchedOrderTest', '0/0', 'a/a',
    args=(
        Arg('ID', 'int', positional=True, required=True),
        Arg('SIZE', 'int', default=0),
        Arg('STOP', 'bool', default=False),
        Arg('LIMIT', 'unsigned', default=0),
    ),
    handlers=(Handler('order'),),
    schedulable='source',
    state='shared',
)
