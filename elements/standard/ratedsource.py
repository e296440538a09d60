"""RatedSource: A task that pushes copies of a given packet at RATE packets per second.

Facts from Click's elements/standard/ratedsource.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='RatedSource',
    port_count='0/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('DATA', 'string', positional=True,
            default='Random bullshit in a packet, at least 64 bytes long. Well, now it is.'),
        Arg('RATE', 'unsigned', positional=True, default=10),
        Arg('LIMIT', 'int', positional=True, default=-1),
        Arg('ACTIVE', 'bool', positional=True, default=True),
        Arg('LENGTH', 'int', default=-1),
        Arg('DATASIZE', 'int', default=-1),
        Arg('STOP', 'bool', default=False),
        Arg('BANDWIDTH', 'bandwidth'),
    ),
    handlers=(
        Handler('data', write=True),
        Handler('rate', write=True),
        Handler('limit', write=True),
        Handler('active', write=True),
        Handler('reset', read=False, write=True),
        Handler('length', write=True),
        Handler('datasize', write=True),
        Handler('count'),
    ),
    schedulable='source',
    state='counters',
    doc='A task that pushes copies of a given packet at RATE packets per second.',
)
