"""IP6Fragmenter: Passes IPv6 packets of at most MTU bytes; Click's fragmentation of longer
ones is a stub that keeps them, clickc drops them with a reason.

Facts from Click's elements/ip6/ip6fragmenter.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('IP6Fragmenter', '1/1-2', 'h/h',
    args=(
        Arg('MTU', 'unsigned', positional=True, required=True,
            doc='the largest packet passed, in bytes of packet data'),
    ),
    handlers=(
        Handler('drops', doc='packets longer than MTU (Click: always 0)'),
        Handler('fragments', doc='fragments made: always 0, as in Click'),
    ),
    state='counters',
    concurrency='atomic',
    concurrency_note='the drop counter is a relaxed atomic',
    header_delta=0,
)
