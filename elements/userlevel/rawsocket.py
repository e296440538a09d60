"""RawSocket: Sends and receives whole IPv4 packets over a raw socket of one IP protocol.

Facts from Click's elements/userlevel/rawsocket.hh and .cc.
"""

import dataclasses
from typing import Any

from clickc.args import ArgContext, cp_argvec, parse_args_full, report
from clickc.elements import registry
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def rawsocket_args(graph: RouterGraph, element: Element,
                   ctx: ConfigureContext) -> dict[str, Any] | None:
    """RawSocket::configure: TYPE (an IP protocol name or number), then PORT, a TCP/UDP port
    (names allowed) for TCP and UDP, else a number (a GRE key or ICMP identifier), then the
    keywords SNAPLEN and HEADROOM.  Protocol names are taken in any case (Click's examples
    write ``RawSocket(UDP, 53)``)."""
    spec = registry.get(element.class_name)
    assert spec is not None
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph)
    conf = cp_argvec(element.config)
    if conf and conf[0].strip().isalpha():
        conf[0] = conf[0].strip().lower()
    config = ", ".join(conf)
    first = parse_args_full(dataclasses.replace(spec, config='args', args=spec.args[:1]),
                            config, actx)
    proto = first.values.get('TYPE')
    args = spec.args
    if proto not in (6, 17):
        args = tuple(dataclasses.replace(a, type='uint16') if a.name == 'PORT' else a
                     for a in args)
    parsed = parse_args_full(dataclasses.replace(spec, config='args', args=args), config, actx)
    if parsed.errors:
        report(actx, parsed.errors, ctx.errh)
        return None
    return dict(parsed.values)


def rawsocket_spec(name: str, port_count: str = '0-1/0-1', processing: str = 'l/h',
                   doc: str = '') -> ElementSpec:
    """The spec of RawSocket, or of its backward-compatible subclasses FromRawSocket (output
    only) and ToRawSocket (input only), which share its configuration and C file
    (rawsocket.c)."""
    return ElementSpec(name, port_count, processing, 'x/y',
        config='custom',
        custom_parser=rawsocket_args,
        args=(
            Arg('TYPE', 'ipproto', positional=True, required=True,
                doc='the IP protocol of the socket (TCP, UDP, GRE, ICMP or a number)'),
            Arg('PORT', 'port', positional=True, default=0,
                doc='TCP/UDP: a port a socket of that protocol binds, to reserve it; other '
                    'protocols: a number (GRE key, ICMP identifier) that only PlanetLab used'),
            Arg('SNAPLEN', 'unsigned', default=2048, doc='bytes read per packet at most'),
            Arg('HEADROOM', 'unsigned', default=28, doc='headroom of received packets'),
        ),
        schedulable='source',
        state='shared',
        concurrency='one-thread',
        concurrency_note='one task reads and writes the socket',
        click_flags='S3',
        doc=doc,
    )


SPEC = rawsocket_spec('RawSocket')
