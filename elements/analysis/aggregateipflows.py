"""AggregateIPFlows: Numbers the TCP and UDP flows (either direction) from 1 and sets each
packet's aggregate annotation to its flow's number and its paint annotation to its direction.

Facts from Click's elements/analysis/aggregateipflows.hh and .cc.
"""

from typing import Any

from clickc.elements import registry
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def source_handlers(graph: RouterGraph, element: Element, args: dict[str, Any],
                    ctx: ConfigureContext) -> None:
    """Which of SOURCE's read handlers ``filename`` and ``packet_filepos`` exist (Click: "it is
    not an error if the element doesn't have those handlers"): emitted as the constants
    ``ELEM(src_filename)`` and ``ELEM(src_filepos)`` (1: call it) for the C file."""
    del ctx
    have = {"filename": 0, "packet_filepos": 0}
    name = args.get("SOURCE")
    if name and str(name) in graph:
        spec = registry.get(graph.element(str(name)).class_name)
        for h in spec.handlers if spec else ():
            if h.name in have and h.read:
                have[h.name] = 1
    element.facts.c_code = (f"enum {{ ELEM(src_filename) = {have['filename']}, "
                            f"ELEM(src_filepos) = {have['packet_filepos']} }};\n")


SPEC = ElementSpec('AggregateIPFlows', '1/1-2', 'a/ah',
    args=(
        Arg('TCP_TIMEOUT', 'unsigned', default=86400,
            doc='seconds of packet time after which an active TCP flow unseen gets a new number'),
        Arg('TCP_DONE_TIMEOUT', 'unsigned', default=30,
            doc='the same for a completed TCP flow (FIN both ways, or RST)'),
        Arg('UDP_TIMEOUT', 'seconds', default=60, doc='the same for a UDP flow'),
        Arg('FRAGMENT_TIMEOUT', 'seconds', default=30,
            doc='a held fragment whose ports are still unknown after this long is dropped'),
        Arg('REAP', 'seconds', default=1200,
            doc='interval (packet time) between sweeps of expired flows and old fragments'),
        Arg('ICMP', 'bool', default=False,
            doc='give ICMP errors the aggregate of the flow they quote (paint 2 + direction)'),
        Arg('TRACEINFO', 'filename',
            doc="file ('-': standard output) receiving an XML record of each flow when it ends"),
        Arg('SOURCE', 'element',
            doc="element whose 'filename' and 'packet_filepos' read handlers TRACEINFO records"),
        Arg('FRAGMENTS', 'bool',
            doc='hold later fragments until their first fragment gives the ports (default: '
                'true in push context, false in pull; true is refused in pull)'),
    ),
    handlers=(Handler('clear', read=False, write=True,
                      doc='forget every flow, first emitting (or dropping) the held fragments'),),
    validate=source_handlers,
    state='per-flow',
    reads_timestamp=True,
    header_delta=0,
)
