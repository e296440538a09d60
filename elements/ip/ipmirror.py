"""IPMirror: Swaps IP source and destination (and ports).

Facts from Click's elements/ip/ipmirror.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IPMirror', '1/1', 'a/a',
    args=(Arg('DST_ANNO', 'bool', positional=True, default=True),),
)
