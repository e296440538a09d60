"""IPRewriter: Rewrites TCP and UDP flows (addresses and ports) by patterns, keeping a flow table
for both directions (NAT).

Facts from Click's elements/tcpudp/iprewriter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.elements.tcpudp.rewriter_config import rewriter_config

SPEC = ElementSpec(
    name='IPRewriter',
    port_count='1-/1-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=rewriter_config,
    handlers=(
        Handler('tcp_table'),
        Handler('udp_table'),
        Handler('tcp_mappings'),
        Handler('udp_mappings'),
        Handler('tcp_lookup', read_param=True,
                doc='"SADDR SPORT DADDR DPORT" of a TCP flow as rewritten (empty if none)'),
        Handler('table_size'),
        Handler('nmappings'),
        Handler('mapping_failures'),
        Handler('patterns'),
        Handler('size'),
        Handler('capacity', write=True),
        Handler('clear', read=False, write=True),
        Handler('pattern0', write=True, doc='one patternN handler per input N'),
    ),
    state='shared',
    concurrency=(
        'one lock (rewriter_flow.h) around lookup-insert, expiry and handler reads, taken when '
        'the element or the router runs on several threads'
    ),
    doc=(
        'Rewrites TCP and UDP flows (addresses and ports) by patterns, keeping a flow '
        'table for both directions (NAT).'
    ),
)
