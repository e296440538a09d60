"""IPFragmenter: Fragments IP packets larger than MTU; packets with DF set go to output 1 when
HONOR_DF.

Facts from Click's elements/ip/ipfragmenter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='IPFragmenter',
    port_count='1/1-2',
    processing='h/h',
    state='counters',
    concurrency=(
        "drop and fragment counters are relaxed atomics; the IP ID generator's state is loaded "
        'and stored atomically'
    ),
    flow_code='x/x',
    args=(
        Arg('MTU', 'unsigned', positional=True, required=True),
        Arg('HONOR_DF', 'bool', positional=True, default=True),
        Arg('VERBOSE', 'bool', positional=True, default=False),
        Arg('HEADROOM', 'unsigned', default=28),
    ),
    handlers=(
        Handler('drops'),
        Handler('fragments'),
    ),
    validate='clickc.elements.parsers:fragmenter_mtu',
    doc=(
        'Fragments IP packets larger than MTU; packets with DF set go to output 1 when '
        'HONOR_DF.'
    ),
)
