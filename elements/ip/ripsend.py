"""RIPSend: Sends a RIP version 2 response with one route (PREFIX at METRIC, next hop SRC) from
SRC to DST, 3 seconds after the start and then every 30 seconds.

Facts from Click's elements/ip/ripsend.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('RIPSend', '0/1', 'h/h',
    args=(
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('DST', 'ip', positional=True, required=True),
        Arg('PREFIX', 'ipprefix', positional=True, required=True, doc='the route advertised'),
        Arg('METRIC', 'int', positional=True, required=True, doc='its hop count'),
    ),
    schedulable='timer',
    state='none',
)
