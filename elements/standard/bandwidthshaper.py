"""BandwidthShaper: Passes pulls through at most RATE bytes per second.

Facts from Click's elements/standard/bandwidthshaper.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.standard.shaper import SHAPER_HANDLERS, SHAPER_HOT

SPEC = ElementSpec('BandwidthShaper', '1/1-2', 'l/l',
    paced=True,
    args=(Arg('RATE', 'bandwidth', positional=True, required=True),),
    handlers=SHAPER_HANDLERS,
    state='shared',
    hot=SHAPER_HOT,
)
