"""ControlSocket: Opens a TCP or Unix socket for reading and writing handlers.

Facts from Click's elements/userlevel/controlsocket.hh and .cc.
"""

import dataclasses
from typing import Any

from clickc.args import ArgContext, cp_argvec, cp_spacevec, parse_args_full, parse_value, report
from clickc.args.core import ArgError
from clickc.elements import registry
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.ir import Element, RouterGraph


def control_socket(graph: RouterGraph, element: Element,
                   ctx: ConfigureContext) -> dict[str, Any] | None:
    """ControlSocket: ``TYPE`` (TCP, UNIX or SOCKET), then ``PORT``, ``FILENAME`` or ``FD``,
    and keywords (Click's ControlSocket::configure)."""
    values = typed_socket_args(graph, element, ctx, {
        "TCP": Arg("PORT", "word", positional=True, required=True),
        "UNIX": Arg("FILENAME", "filename", positional=True, required=True),
        "SOCKET": Arg("FD", "int", positional=True, required=True)}, "'{}'")
    if values is None:
        return None
    if str(values["TYPE"]).upper() == "TCP" and not _tcp_port_ok(str(values["PORT"])):
        ctx.error("PORT requires TCP port")
        return None
    return values


def typed_socket_args(graph: RouterGraph, element: Element, ctx: ConfigureContext,
                      seconds: dict[str, Arg], quote: str) -> dict[str, Any] | None:
    """The arguments of a socket element whose first argument ``TYPE`` picks the second
    (``seconds``: upper-case type -> that argument), followed by the spec's keywords (its
    ``args`` after ``TYPE``), as ControlSocket and ChatterSocket configure.  An unknown type is
    ``unknown socket type QUOTED`` (``quote`` formats the type: Click's two classes quote it
    differently).  Errors are reported on ``ctx``; returns None after one."""
    spec = registry.get(element.class_name)
    assert spec is not None
    conf = cp_argvec(element.config)
    first = cp_spacevec(conf[0]) if conf else []
    socktype = first[0].upper() if len(first) == 1 else ""
    second = seconds.get(socktype)
    # the spec may also declare the second arguments (for CONF): they are read only there
    rest = tuple(a for a in spec.args[1:] if a.name not in {s.name for s in seconds.values()})
    args = (spec.args[0],) + ((second,) if second else ()) + rest
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph)
    parsed = parse_args_full(dataclasses.replace(spec, config="args", args=args),
                             element.config, actx)
    errors = [m for m in parsed.errors if second is not None or m != "too many arguments"]
    if errors:
        report(actx, errors, ctx.errh)
        return None
    if second is None:
        ctx.error("unknown socket type " + quote.format(str(parsed.values.get('TYPE', '')).upper()))
        return None
    return dict(parsed.values)


def _tcp_port_ok(port: str) -> bool:
    """IPPortArg(TCP) (a number or service name), or ``N+`` (first free port from N)."""

    try:
        parse_value("port", port)
        return True
    except ArgError:
        pass
    v = parse_int(port[:-1]) if port.endswith("+") else None
    if v is not None:
        return 0 < v < 65536
    import socket

    try:  # Click's userlevel driver also accepts service names from the host's database
        socket.getservbyname(port, "tcp")
        return True
    except OSError:
        return False


SPEC = ElementSpec('ControlSocket', '0/0', 'a/a',
    config='custom',
    custom_parser=control_socket,
    args=(
        Arg('TYPE', 'word', positional=True, required=True),
        Arg('READONLY', 'bool', default=False),
        Arg('PROXY', 'element'),
        Arg('VERBOSE', 'bool', default=False),
        Arg('RETRIES', 'int', default=0),
        Arg('RETRY_WARNINGS', 'bool', default=True),
        Arg('LOCALHOST', 'bool', default=False),
    ),
    handlers=(
        Handler('port'),
        Handler('filename'),
    ),
    schedulable='timer',
    state='shared',
    concurrency='one-thread',
    concurrency_note=('one thread serves every connection (its task); handler calls go '
                      'through the runtime'),
    # the listening socket and its connections (one may wait for the hotconfig answer) move
    hot=HotState(copy=('listen_fd', 'type', 'where', 'conns', 'retries', 'next_retry_ns',
                       'active'), give=True),
)
