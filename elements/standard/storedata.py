"""StoreData: Writes DATA into the packet at OFFSET.

Facts from Click's elements/standard/storedata.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='StoreData',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, required=True),
        Arg('DATA', 'string', positional=True, required=True),
    ),
    doc='Writes DATA into the packet at OFFSET.',
)
