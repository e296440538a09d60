"""Bypass: Sends packets through its second port pair, or straight past it, as its active
handler says.

Facts from Click's elements/standard/bypass.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('Bypass', '1-2/1-2', 'a/a', 'xy/[xy]x',
    args=(
        Arg('ACTIVE', 'bool', positional=True, default=False,
            doc='packets entering on port 0 take port 1 (the detour) instead of port 0'),
        Arg('INLINE', 'bool', default=False,
            doc='Click: never rewire the ports around this element (clickc never does)'),
    ),
    handlers=(Handler('active', write=True, doc='ACTIVE ("syntax error")'),),
    header_delta=0,
)
