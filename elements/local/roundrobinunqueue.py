"""RoundRobinUnqueue: A task that pulls from each input in turn, up to BURST packets a run,
and pushes them to the output of the same number.

Facts from Click's elements/local/rrunqueue.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('RoundRobinUnqueue', '-/-', 'l/h',
    args=(Arg('BURST', 'int', positional=True, default=1,
              doc='packets pulled from one input per run at most (0: until it has none)'),),
    handlers=(Handler('packets', doc='packets moved, as "N packets"'),),
    schedulable='unqueue',
    state='counters',
    header_delta=0,
)
