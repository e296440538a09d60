"""StoreData: Writes DATA into the packet at OFFSET.

Facts from Click's elements/standard/storedata.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('StoreData', '1/1', 'a/a',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, required=True),
        Arg('DATA', 'string', positional=True, required=True),
    ),
)
