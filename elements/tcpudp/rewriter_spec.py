"""The spec shared by the classes built on Click's IPRewriterBase (IPRewriter, TCPRewriter,
UDPRewriter, IPAddrRewriter, IPAddrPairRewriter, ICMPPingRewriter).

They share their configuration (``clickc.elements.tcpudp.rewriter_config``), their C flow table
(``rewriter_flow.h``) and Click's IPRewriterBase handlers; each class adds its flow-table
handlers and its description.  Facts from Click's elements/ip/iprewriterbase.hh and .cc
(port counts, processing, add_rewriter_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler, HotState
from clickc.elements.tcpudp.rewriter_config import rewriter_config

#: The flow-table handlers of a rewriter with one table (Click's IPRewriterBase ``table`` and
#: ``mappings``).
TABLE_HANDLERS = (
    Handler('table'),
    Handler('mappings'),
)

def lookup_handler(name: str) -> Handler:
    """The flow-table lookup handler ``name`` of a rewriter that tracks TCP flows (Click's
    TCPRewriter ``lookup``, IPRewriter ``tcp_lookup``): read with the flow's 4-tuple as its
    parameter."""
    return Handler(name, read_param=True,
                   doc='"SADDR SPORT DADDR DPORT" of a TCP flow as rewritten (empty if none)')


#: The handlers every IPRewriterBase class has after its flow-table handlers, in Click's order.
BASE_HANDLERS = (
    Handler('table_size'),
    Handler('nmappings'),
    Handler('mapping_failures'),
    Handler('patterns'),
    Handler('size'),
    Handler('capacity', write=True),
    Handler('clear', read=False, write=True),
    Handler('pattern0', write=True,
            doc='one patternN handler per input N: the input specification; a write replaces '
                'it and removes the flows it made'),
)

#: How a rewriter stays correct on several threads (docs/concurrency.md).
CONCURRENCY = (
    'one lock (rewriter_flow.h) around lookup-insert, expiry and handler reads, taken when '
    'the element or the router runs on several threads'
)


def rewriter_spec(name: str, doc: str = "",
                  table_handlers: tuple[Handler, ...] = TABLE_HANDLERS) -> ElementSpec:
    """The spec of the IPRewriterBase class ``name``: any number of inputs (one input
    specification each) and outputs, push, a custom configuration parsed by
    :func:`~clickc.elements.tcpudp.rewriter_config.rewriter_config`, shared state under one
    lock; handlers ``table_handlers`` then :data:`BASE_HANDLERS`."""
    return ElementSpec(name, '1-/1-', 'h/h',
        config='custom',
        custom_parser=rewriter_config,
        handlers=table_handlers + BASE_HANDLERS,
        state='shared',
        # pattern1, pattern2...: added at initialization, one per input (rewriter_push.h)
        c_helpers=('read_patternN', 'write_patternN'),
        concurrency='lock',
        concurrency_note=CONCURRENCY,
        doc=doc,
        # the flow table moves: mapped ports and expiry times kept (docs/reconfiguration.md)
        hot=HotState(expose=('rw',), take=True),
    )
