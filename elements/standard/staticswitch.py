"""StaticSwitch: Sends every packet to output OUTPUT, fixed at configuration (-1 drops).

Facts from Click's elements/standard/staticswitch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('StaticSwitch', '1/-', 'h/h',
    args=(Arg('OUTPUT', 'int', positional=True, required=True),),
    static_switch=True,
)
