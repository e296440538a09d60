"""DRRSched: Deficit round-robin scheduler over its inputs, QUANTUM bytes per round.

Facts from Click's elements/standard/drr.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('DRRSched', '-/1', 'l/l',
    args=(Arg('QUANTUM', 'unsigned', positional=True, default=500),),
    state='shared',
    scheduler=True,
    click_flags='S0',
)
