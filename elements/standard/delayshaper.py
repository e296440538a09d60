"""DelayShaper: Delays pulled packets by at least DELAY after their timestamp.

Facts from Click's elements/standard/delayshaper.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('DelayShaper', '1/1', 'l/l',
    paced=True,
    args=(Arg('DELAY', 'time', positional=True, required=True),),
    handlers=(Handler('delay', write=True),),
    state='shared',
)
