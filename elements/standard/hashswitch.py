"""HashSwitch: Chooses an output by hashing LENGTH bytes of the packet at OFFSET.

Facts from Click's elements/standard/hashswitch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('HashSwitch', '1/1-', 'h/h',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, required=True),
        Arg('LENGTH', 'unsigned', positional=True, required=True),
    ),
    spreader=True,
    header_delta=0,
)
