"""StaticPullSwitch: Answers each pull by pulling input INPUT, fixed at configuration (-1: none).

Facts from Click's elements/standard/staticpullswitch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('StaticPullSwitch', '-/1', 'l/l',
    args=(Arg('INPUT', 'int', positional=True, required=True,
              doc='the input pulled; a negative value or one >= the input count: none'),),
    header_delta=0,
    static_switch=True,
)
