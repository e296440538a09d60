"""Switch: Sends every packet to one output, chosen by configuration and the switch handler.

Facts from Click's elements/standard/switch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('Switch', '1/-', 'h/h',
    args=(Arg('OUTPUT', 'int', positional=True, default=0),),
    handlers=(
        Handler('switch', write=True),
        Handler('config'),
    ),
    header_delta=0,
)
