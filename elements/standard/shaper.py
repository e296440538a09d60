"""Shaper: Passes pulls through at most RATE packets per second.

Facts from Click's elements/standard/shaper.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState

#: Shaper's handlers, which BandwidthShaper (a Shaper subclass in Click) inherits.
SHAPER_HANDLERS = (
    Handler('rate', write=True),
    Handler('config'),
    Handler('reset', read=False, write=True),
)

#: A hot reconfiguration moves the GapRate (how far ahead of or behind the rate the current
#: second's packets or bytes are) to a successor of the same class and configured RATE.
SHAPER_HOT = HotState(key=('conf_rate',), keyed=('rate',))

SPEC = ElementSpec('Shaper', '1/1-2', 'l/l',
    paced=True,
    args=(Arg('RATE', 'unsigned', positional=True, required=True),),
    handlers=SHAPER_HANDLERS,
    state='shared',
    hot=SHAPER_HOT,
)
