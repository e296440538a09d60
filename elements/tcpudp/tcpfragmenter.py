"""TCPFragmenter: Splits TCP packets whose payload exceeds what MTU leaves into packets of at
most that payload.

Facts from Click's elements/tcpudp/tcpfragmenter.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """TCPFragmenter::configure: a nonzero MTU or an MTU_ANNO."""
    if not args.get("MTU") and args.get("MTU_ANNO") is None:
        ctx.error("At least one of MTU and MTU_ANNO must be set")


SPEC = ElementSpec('TCPFragmenter', '1/1', 'h/h',
    args=(
        Arg('MTU', 'uint16', default=0,
            doc='bytes of IP header, TCP header and payload per packet at most (0: none; a '
                'keyword, as Click reads it)'),
        Arg('MTU_ANNO', 'anno2',
            doc='a two-byte annotation: when nonzero and below MTU (or MTU is 0), the MTU'),
    ),
    handlers=(
        Handler('count', doc='packets that arrived'),
        Handler('fragmented_count', doc='packets that were split'),
        Handler('fragments', doc='packets made by splitting'),
    ),
    validate=check,
    state='counters',
    concurrency='atomic',
    concurrency_note='the three counters are relaxed atomics',
    header_delta=0,
)
