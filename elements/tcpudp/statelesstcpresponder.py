"""StatelessTCPResponder: Serves DATA over TCP without connection state: each client segment
is answered with the next piece of DATA, the position and segment size being carried in the
sequence numbers.

Facts from Click's elements/tcpudp/statelesstcpresp.hh and .cc.  Click's build leaves the class
out (its source requires 'false' and does not compile); clickc builds it from that source's
design (docs/more-elements.md, "StatelessTCPResponder").  The C file is
elements/tcpudp/statelesstcpresponder.c.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def data_fits(graph: RouterGraph, element: Element, args: dict[str, Any],
              ctx: ConfigureContext) -> None:
    """The position in DATA travels in 16 bits of the sequence number, with the SYN and FIN
    positions: DATA holds at most 65533 bytes."""
    del graph, element
    data = args.get("DATA")
    n = len(data.encode("latin-1", "replace") if isinstance(data, str) else data or b"")
    if n > 65533:
        ctx.error(f"DATA too long ({n} bytes, at most 65533)")


SPEC = ElementSpec('StatelessTCPResponder', '1/1-2', 'a/ah',
    args=(Arg('DATA', 'string', positional=True, default='',
              doc='the bytes served to every connection'),),
    state='counters',
    concurrency='atomic',
    concurrency_note='the IP ID of the answers: one relaxed fetch-add per answer',
    validate=data_fits,
)
