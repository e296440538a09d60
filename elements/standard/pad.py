"""Pad: Lengthens packets: to LENGTH bytes when LENGTH is given, else by the EXTRA_LENGTH
annotation, which it then clears.

Facts from Click's elements/standard/pad.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('Pad', '1/1', 'a/a',
    args=(
        Arg('LENGTH', 'unsigned', positional=True, default=0,
            doc='minimum length in bytes; 0 (the default): add EXTRA_LENGTH bytes instead'),
        Arg('ZERO', 'bool', default=True, doc='fill the added bytes with zeros'),
    ),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
