"""LookupIP6Route: Looks up the destination IPv6 annotation in a static route table (DST/MASK [GW]
OUTPUT per argument).

Facts from Click's elements/ip6/lookupip6route.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='LookupIP6Route',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:ip6_route_table',
    handlers=(
        Handler('add', read=False, write=True),
        Handler('remove', read=False, write=True),
        Handler('ctrl', read=False, write=True),
        Handler('table'),
    ),
    state='shared',
    concurrency=('lookups (with the last-address cache) and the handlers run under one '
                 'per-instance lock'),
    doc=(
        'Looks up the destination IPv6 annotation in a static route table (DST/MASK [GW] '
        'OUTPUT per argument).'
    ),
)
