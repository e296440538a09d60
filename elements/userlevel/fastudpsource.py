"""FastUDPSource: Creates UDP packets very fast for benchmarks.

Facts from Click's elements/userlevel/fastudpsrc.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('FastUDPSource', '0/1', 'l/l',
    args=(
        Arg('RATE', 'unsigned', positional=True, required=True),
        Arg('LIMIT', 'int', positional=True, required=True),
        Arg('LENGTH', 'unsigned', positional=True, required=True),
        Arg('SRCETH', 'ether', positional=True, required=True),
        Arg('SRCIP', 'ip', positional=True, required=True),
        Arg('SPORT', 'port', positional=True, required=True),
        Arg('DSTETH', 'ether', positional=True, required=True),
        Arg('DSTIP', 'ip', positional=True, required=True),
        Arg('DPORT', 'port', positional=True, required=True),
        Arg('CHECKSUM', 'bool', positional=True, default=True),
        Arg('INTERVAL', 'unsigned', positional=True, default=0),
        Arg('ACTIVE', 'bool', positional=True, default=True),
    ),
    handlers=(
        Handler('count'),
        Handler('rate', write=True),
        Handler('reset', read=False, write=True),
        Handler('active', read=False, write=True),
        Handler('limit', read=False, write=True),
    ),
    state='shared',
)
