"""IPRateMonitor: Monitors packet or byte rates per IP address prefix.

Facts from Click's elements/ip/ipratemon.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('IPRateMonitor', '1-2/1-2', 'a/a',
    args=(
        Arg('TYPE', 'word', positional=True, required=True),
        Arg('RATIO', 'fixed16', positional=True, required=True),
        Arg('THRESH', 'int', positional=True, required=True),
        Arg('MEMORY', 'unsigned', positional=True, default=0),
        Arg('ANNO', 'bool', positional=True, default=True),
    ),
    handlers=(
        Handler('look'),
        Handler('anno_level', read=False, write=True),
        Handler('reset', read=False, write=True),
        Handler('memmax', write=True),
        Handler('thresh'),
        Handler('mem'),
    ),
    state='shared',
    concurrency='lock',
    concurrency_note="one element lock around the prefix tree (Click's spin lock)",
)
