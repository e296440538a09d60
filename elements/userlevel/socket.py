"""Socket: Sends packets over a TCP, UDP or Unix-domain socket and emits the data it receives.

Facts from Click's elements/userlevel/socket.hh and .cc.
"""

import dataclasses
from typing import Any

from clickc.args import ArgContext, cp_argvec, cp_spacevec, parse_args_full, report
from clickc.elements import registry
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph

#: The positional arguments after TYPE, by socket family (Click's Socket::configure).
_INET = ('ADDR', 'PORT', 'LOCAL_ADDR', 'LOCAL_PORT')
_UNIX = ('FILENAME', 'LOCAL_FILENAME')
#: TYPE: (family's positional arguments, how many are mandatory)
SOCKET_TYPES: dict[str, tuple[tuple[str, ...], int]] = {
    'TCP': (_INET, 2), 'UDP': (_INET, 2), 'UNIX': (_UNIX, 1), 'UNIX_DGRAM': (_UNIX, 1)}
#: sockaddr_un's sun_path size on Linux (Click's max_path).
SUN_PATH = 108


def socket_args(graph: RouterGraph, element: Element,
                ctx: ConfigureContext) -> dict[str, Any] | None:
    """Socket's configuration: ``TYPE`` (TCP, UDP, UNIX or UNIX_DGRAM; any case) decides the
    positional arguments that follow (``ADDR, PORT [, LOCAL_ADDR, LOCAL_PORT]`` or ``FILENAME
    [, LOCAL_FILENAME]``), then the keywords, as Click's Socket::configure reads them.  Errors:
    ``unknown socket type `T'``, Click's ``filename '...' too long``, ALLOW and DENY (clickc
    has no IPRouteTable lookup from a Socket yet).  Returns the values, TYPE upper-cased, or
    None after reporting."""
    spec = registry.get(element.class_name)
    assert spec is not None
    conf = cp_argvec(element.config)
    first = cp_spacevec(conf[0]) if conf else []
    socktype = first[0].upper() if len(first) == 1 else ""
    names, required = SOCKET_TYPES.get(socktype, ((), 0))
    by_name = {a.name: a for a in spec.args}
    positional = tuple(dataclasses.replace(by_name[n], positional=True, required=i < required)
                       for i, n in enumerate(names))
    rest = tuple(a for a in spec.args[1:] if a.name not in _INET + _UNIX)
    args = (spec.args[0],) + positional + rest
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph)
    parsed = parse_args_full(dataclasses.replace(spec, config='args', args=args),
                             element.config, actx)
    errors = [m for m in parsed.errors if names or m != 'too many arguments']
    if errors:
        report(actx, errors, ctx.errh)
        return None
    if not names:
        ctx.error(f"unknown socket type `{str(parsed.values.get('TYPE', '')).upper()}'")
        return None
    values = dict(parsed.values)
    values['TYPE'] = socktype
    for n, which in (('FILENAME', 'remote'), ('LOCAL_FILENAME', 'local')):
        path = values.get(n)
        if isinstance(path, str) and path and len(path.encode()) >= SUN_PATH:
            ctx.error(f"{which} filename '{path}' too long")
            return None
    for n in ('ALLOW', 'DENY'):
        if values.get(n) is not None:
            ctx.error(f"{n} is not supported by clickc yet (it needs an IPRouteTable lookup "
                      "from the Socket)")
            return None
    return values


def socket_spec(name: str, port_count: str = '0-1/0-1', processing: str = 'a/h',
                doc: str = '') -> ElementSpec:
    """The spec of Socket, or of its backward-compatible subclasses FromSocket (push input,
    server by default) and ToSocket (pull input, client): Click's FromSocket and ToSocket
    (elements/userlevel/fromsocket.hh, tosocket.hh) are a Socket with other processing; the
    configuration and the C implementation (socket.c) are shared."""
    return ElementSpec(name, port_count, processing, 'x/y',
        config='custom',
        custom_parser=socket_args,
        args=(
            Arg('TYPE', 'word', positional=True, required=True,
                doc='TCP, UDP, UNIX (stream) or UNIX_DGRAM; it decides the arguments that '
                    'follow'),
            Arg('ADDR', 'ip', doc='TCP/UDP: the address to connect or send to (client) or to '
                'bind (server); 0.0.0.0 for a UDP client: each packet\'s DST_IP annotation'),
            Arg('PORT', 'port', doc='TCP/UDP: the port, with ADDR'),
            Arg('LOCAL_ADDR', 'ip', doc='TCP/UDP client: the local address to bind first'),
            Arg('LOCAL_PORT', 'port', doc='TCP/UDP client: the local port to bind first'),
            Arg('FILENAME', 'filename', doc='UNIX/UNIX_DGRAM: the socket file (a leading NUL '
                'byte: the abstract namespace)'),
            Arg('LOCAL_FILENAME', 'filename', doc='UNIX/UNIX_DGRAM client: the local file to '
                'bind first'),
            Arg('VERBOSE', 'bool', default=False, doc='print connections opened and closed'),
            Arg('SNAPLEN', 'unsigned', default=2048, doc='bytes read per packet at most'),
            Arg('HEADROOM', 'unsigned', default=28, doc='headroom of received packets'),
            Arg('TIMESTAMP', 'bool', default=True, doc='stamp received packets with the time'),
            Arg('RCVBUF', 'int', default=-1,
                doc='SO_RCVBUF bytes (negative: the system default)'),
            Arg('SNDBUF', 'int', default=-1,
                doc='SO_SNDBUF bytes (negative: the system default)'),
            Arg('NODELAY', 'bool', default=True, doc='TCP: disable the Nagle algorithm'),
            Arg('CLIENT', 'bool', doc='connect (client) rather than bind and listen (server); '
                'default: client when the element has no output (LOCAL_ arguments are bound '
                'only by a client)'),
            Arg('PROPER', 'bool', default=False, doc='PlanetLab\'s Proper binding: ignored, as in '
                'a Click built without it'),
            Arg('ALLOW', 'element', doc='an IPRouteTable of allowed clients: refused by clickc'),
            Arg('DENY', 'element', doc='an IPRouteTable of denied clients: refused by clickc'),
        ),
        schedulable='source',
        state='shared',
        concurrency='one-thread',
        concurrency_note='one task reads, accepts and writes the socket',
        click_flags='S3',
        doc=doc,
    )


SPEC = socket_spec('Socket')
