"""IPEncap: Prepends an IP header with the given protocol, source and destination.

Facts from Click's elements/ip/ipencap.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext, names
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def dst_ok(graph: RouterGraph, element: Element, args: dict[str, Any],
           ctx: ConfigureContext) -> bool:
    from clickc.args.addresses import parse_ip

    dst = str(args.get("DST") or "")
    return dst.startswith("DST_ANNO") and len(dst) == 8 or \
        parse_ip(dst, names(graph, element, ctx)) is not None


def ip_dst(graph: RouterGraph, element: Element, args: dict[str, Any],
           ctx: ConfigureContext) -> None:
    """IPEncap: DST is an IP address or ``DST_ANNO`` (Click's IPEncap::configure)."""
    if not dst_ok(graph, element, args, ctx):
        ctx.error("DST argument should be IP address or 'DST_ANNO'")


SPEC = ElementSpec(
    name='IPEncap',
    port_count='1/1',
    processing='a/a',
    state='counters',
    concurrency=('the IP ID counter is taken with one atomic fetch-and-add; replicas made by '
                 'flow-split keep their own ID sequences, as in SMP Click Fig. 16'),
    flow_code='x/x',
    args=(
        Arg('PROTO', 'ipproto', positional=True, required=True),
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('DST', 'anything', positional=True, required=True, doc='an IP address or DST_ANNO'),
        Arg('TOS', 'int', default=-1),
        Arg('TTL', 'byte', default=250),
        Arg('DSCP', 'int', default=-1),
        Arg('ECT', 'word'),
        Arg('CE', 'bool', default=False),
        Arg('DF', 'bool', default=False),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('dst', write=True),
    ),
    validate=ip_dst,
    doc='Prepends an IP header with the given protocol, source and destination.',
)
