"""ICMPRewriter: Rewrites ICMP error messages that refer to flows mapped by the named rewriters.

Facts from Click's elements/icmp/icmprewriter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.tcpudp.rewriter_config import icmp_rewriter_config

SPEC = ElementSpec(
    name='ICMPRewriter',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('MAPS', 'anything', positional=True, required=True),
        Arg('DST_ANNO', 'bool', default=True),
        Arg('REPLY_ANNO', 'anno1'),
    ),
    validate=icmp_rewriter_config,
    state='shared',
    concurrency='reads the MAPS rewriters\' tables under their lock (rewriter_flow.h)',
    doc='Rewrites ICMP error messages that refer to flows mapped by the named rewriters.',
)
