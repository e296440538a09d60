"""NullTask: A task that does nothing each time it runs, at most LIMIT times; for benchmarks.

Facts from Click's elements/test/nulltask.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('NullTask', '0/0', 'a/a',
    args=(
        Arg('STOP', 'bool', default=False, doc='stop the driver when LIMIT is reached'),
        Arg('LIMIT', 'unsigned', default=0, doc='runs at most (0: no limit)'),
        Arg('ACTIVE', 'bool', default=True,
            doc='schedule the task at initialization (else a write to scheduled does)'),
    ),
    handlers=(
        Handler('count', doc='times the task ran'),
        Handler('limit', write=True, doc='LIMIT (a write does not reschedule the task)'),
        Handler('reset', read=False, write=True, doc='count back to 0'),
        Handler('scheduled', write=True,
                doc='whether the task is scheduled; a boolean write schedules or unschedules it'),
    ),
    schedulable='source',
)
