"""RandomSeed: Sets the seed of the router's random number generator (click_random).

Facts from Click's elements/test/randomseed.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('RandomSeed', '0/0', 'a/a',
    args=(Arg('SEED', 'unsigned', positional=True),),
    handlers=(Handler('seed', write=True),),
)
