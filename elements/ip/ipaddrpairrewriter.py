"""IPAddrPairRewriter: Rewrites IP addresses by patterns, per address pair.

Facts from Click's elements/ip/ipaddrpairrewriter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.elements.tcpudp.rewriter_config import rewriter_config

SPEC = ElementSpec(
    name='IPAddrPairRewriter',
    port_count='1-/1-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=rewriter_config,
    handlers=(
        Handler('table'),
        Handler('mappings'),
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
    doc='Rewrites IP addresses by patterns, per address pair.',
)
