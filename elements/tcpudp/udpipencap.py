"""UDPIPEncap: Prepends UDP and IP headers with the given addresses and ports.

Facts from Click's elements/tcpudp/udpipencap.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.ip.ipencap import dst_ok
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def udp_dst(graph: RouterGraph, element: Element, args: dict[str, Any],
            ctx: ConfigureContext) -> None:
    """UDPIPEncap: DST is an IP address or ``DST_ANNO`` (Click's UDPIPEncap::configure)."""
    if not dst_ok(graph, element, args, ctx):
        ctx.error("bad DST")


SPEC = ElementSpec(
    name='UDPIPEncap',
    port_count='1/1',
    processing='a/a',
    state='counters',
    concurrency=('the IP ID counter is taken with one atomic fetch-and-add; replicas made by '
                 'flow-split keep their own ID sequences, as in SMP Click Fig. 16'),
    flow_code='x/x',
    args=(
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('SPORT', 'port', positional=True, required=True),
        Arg('DST', 'anything', positional=True, required=True, doc='an IP address or DST_ANNO'),
        Arg('DPORT', 'port', positional=True, required=True),
        Arg('CHECKSUM', 'bool', positional=True, default=False,
            doc=('documented as true by default, but Click reads it into an uninitialized '
                 'variable; the reference build computes no checksum unless given')),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('sport', write=True),
        Handler('dst', write=True),
        Handler('dport', write=True),
    ),
    validate=udp_dst,
    doc='Prepends UDP and IP headers with the given addresses and ports.',
)
