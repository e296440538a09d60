"""ICMPRewriter: Rewrites ICMP error messages that refer to flows mapped by the named rewriters.

Facts from Click's elements/icmp/icmprewriter.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.tcpudp.rewriter_config import icmp_rewriter_config

SPEC = ElementSpec('ICMPRewriter', '1/1-', 'h/h',
    args=(
        Arg('MAPS', 'anything', positional=True, required=True),
        Arg('DST_ANNO', 'bool', default=True),
        Arg('REPLY_ANNO', 'anno1'),
    ),
    validate=icmp_rewriter_config,
    state='shared',
    concurrency='lock',
    concurrency_note='reads the MAPS rewriters\' tables under their lock (rewriter_flow.h)',
)
