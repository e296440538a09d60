"""IPEncap: Prepends an IP header with the given protocol, source and destination.

Facts from Click's elements/ip/ipencap.hh and .cc.
"""

from typing import Any

from clickc.args.addresses import parse_ip
from clickc.elements.hooks import ConfigureContext, names
from clickc.elements.spec import Arg, ElementSpec, Handler, Validator
from clickc.ir import Element, RouterGraph

#: How IPEncap, UDPIPEncap and IPsecEncap stay correct on several threads (docs/concurrency.md):
#: the note beside their ``atomic`` policy.
IP_ID_CONCURRENCY = ('the IP ID counter is taken with one atomic fetch-and-add; replicas made by '
                     'flow-split keep their own ID sequences, as in SMP Click Fig. 16')


def dst_check(message: str) -> Validator:
    """The ``validate`` hook of IPEncap and UDPIPEncap: DST is an IP address (or AddressInfo
    name) or ``DST_ANNO``, else the error ``message`` (each class's words in Click's
    IPEncap::configure and UDPIPEncap::configure)."""
    def check(graph: RouterGraph, element: Element, args: dict[str, Any],
              ctx: ConfigureContext) -> None:
        dst = str(args.get("DST") or "")
        if not (dst.startswith("DST_ANNO") and len(dst) == 8
                or parse_ip(dst, names(graph, element, ctx)) is not None):
            ctx.error(message)

    return check


def ip_encap_spec(name: str, args: tuple[Arg, ...], *, handlers: tuple[Handler, ...] = (),
                  validate: Validator | None = None, cost: float = 20.0,
                  doc: str = "") -> ElementSpec:
    """The spec of a class that puts a new IP header in front of each packet with an IP ID
    counter (IPEncap, UDPIPEncap, IPsecEncap): one input, one output, agnostic; the counter is
    its state (:data:`IP_ID_CONCURRENCY`)."""
    return ElementSpec(name, '1/1', 'a/a',
        state='counters',
        concurrency='atomic',
        concurrency_note=IP_ID_CONCURRENCY,
        args=args,
        handlers=handlers,
        validate=validate,
        cost=cost,
        ip_header='encap',
        doc=doc,
    )


SPEC = ip_encap_spec('IPEncap',
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
    validate=dst_check("DST argument should be IP address or 'DST_ANNO'"),
)
