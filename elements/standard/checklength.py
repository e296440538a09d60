"""CheckLength: Sends packets longer than LENGTH to output 1 (or drops them).

Facts from Click's elements/standard/checklength.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('CheckLength', '1/1-2', 'a/ah',
    args=(Arg('LENGTH', 'unsigned', positional=True, required=True),),
    handlers=(Handler('length', write=True),),
)
