"""InputSwitch: Forwards the packets of one input, chosen by configuration and the switch
handler, to its output and drops those of every other input.

Facts from Click's elements/standard/inputswitch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('InputSwitch', '-/1', 'h/h',
    args=(Arg('OUTPUT', 'int', positional=True, default=0,
              doc='the input whose packets pass (Click names it OUTPUT); must be < the input '
                  'count'),),
    handlers=(
        Handler('switch', write=True, doc='the input that passes (-1: none); writing a value '
                '>= the input count switches off'),
        Handler('config', doc='the input that passes'),
    ),
    header_delta=0,
)
