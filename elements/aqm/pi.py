"""PI: Proportional-integral active queue management (Hollot et al.), refused: Click's build
leaves it out.

Facts from Click's elements/aqm/pi.hh and .cc (ELEMENT_REQUIRES(int64 false): the class is
never compiled, and its read handler does not compile).
"""

from clickc.elements.refuse import not_built_by_click
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('PI', '1/1-2', 'a/ah',
    args=(
        Arg('W', 'real', positional=True, required=True, doc='sampling period, seconds'),
        Arg('A', 'real', positional=True, required=True),
        Arg('B', 'real', positional=True, required=True),
        Arg('TARGET', 'unsigned', positional=True, required=True, doc='target queue length'),
        Arg('QUEUES', 'anything', positional=True),
        Arg('QREF', 'unsigned'),
        Arg('STABILITY', 'unsigned', default=4),
    ),
    validate=not_built_by_click,
)
