"""Truncate: Cuts every packet longer than LENGTH bytes down to LENGTH bytes, adding the removed
length to the EXTRA_LENGTH annotation.

Facts from Click's elements/standard/truncate.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('Truncate', '1/1', 'a/a',
    args=(
        Arg('LENGTH', 'unsigned', positional=True, required=True,
            doc='bytes kept at the front of each packet'),
        Arg('EXTRA_LENGTH', 'bool', default=True,
            doc='add the bytes cut off to the EXTRA_LENGTH annotation (ToDump then records '
                'the original length)'),
    ),
    handlers=(Handler('nbytes', write=True, doc='LENGTH: read and change it'),),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
