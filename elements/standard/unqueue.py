"""Unqueue: A task that pulls packets from its input and pushes them out, up to BURST at a time.

Facts from Click's elements/standard/unqueue.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, arg_size

SPEC = ElementSpec('Unqueue', '1/1', 'l/h',
    args=(
        Arg('BURST', 'int', positional=True, default=1),
        Arg('ACTIVE', 'bool', default=True),
        Arg('LIMIT', 'int', default=-1),
    ),
    handlers=(
        Handler('active', write=True),
        Handler('reset', read=False, write=True),
        Handler('reset_counts', read=False, write=True),
        Handler('burst', write=True),
        Handler('limit', write=True),
        Handler('count'),
    ),
    schedulable='unqueue',
    burst=arg_size('BURST'),
    empty_signal=True,
    state='counters',
    header_delta=0,
)
