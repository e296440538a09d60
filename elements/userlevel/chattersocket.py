"""ChatterSocket: Copies the router's chatter and error messages to the clients connected to a
TCP or Unix-domain socket.

Facts from Click's elements/userlevel/chattersocket.hh and .cc.  The C file is
elements/userlevel/chattersocket.c; docs/more-elements.md describes the behaviour.
"""

import dataclasses
from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.userlevel.controlsocket import typed_socket_args
from clickc.ir import Element, RouterGraph

_PORT = Arg('PORT', 'port', positional=True, required=True,
            doc='TYPE TCP: the TCP port listened on, on every address')
_FILENAME = Arg('FILENAME', 'filename', positional=True, required=True,
                doc='TYPE UNIX: the socket file (removed when the router ends)')


def chatter_socket(graph: RouterGraph, element: Element,
                   ctx: ConfigureContext) -> dict[str, Any] | None:
    """ChatterSocket: ``TYPE`` (TCP or UNIX), then ``PORT`` or ``FILENAME``, and keywords
    (Click's ChatterSocket::configure).  clickc has one chatter channel, the one Click calls
    ``default`` (click_chatter and the error handler's messages): another CHANNEL is refused,
    since no clickc element writes to a named channel."""
    values = typed_socket_args(graph, element, ctx, {"TCP": _PORT, "UNIX": _FILENAME}, "`{}'")
    if values is None:
        return None
    if str(values["TYPE"]).upper() == "UNIX" and len(str(values["FILENAME"]).encode()) >= 108:
        ctx.error("filename too long")
        return None
    channel = str(values.get("CHANNEL") or "default")
    if channel != "default":
        ctx.error(f"CHANNEL {channel}: clickc has one chatter channel, 'default' (the messages "
                  "Click's click_chatter and default error handler print); no clickc element "
                  "writes to a named channel")
        return None
    return values


SPEC = ElementSpec('ChatterSocket', '0/0', 'a/a',
    config='custom',
    custom_parser=chatter_socket,
    args=(
        Arg('TYPE', 'word', positional=True, required=True, doc='TCP or UNIX'),
        Arg('CHANNEL', 'word', default='default',
            doc="the chatter channel copied; only 'default' (clickc has no other)"),
        Arg('QUIET_CHANNEL', 'bool', default=True,
            doc='a named channel also printed on standard error when false (no effect on '
                'the default channel)'),
        Arg('GREETING', 'bool', default=True,
            doc='send "Click::ChatterSocket/1.0" and CRLF to each new client'),
        Arg('RETRIES', 'int', default=0,
            doc='when the socket cannot be opened, try again once a second this many times, '
                'then stop the router; 0: fail at initialization'),
        Arg('RETRY_WARNINGS', 'bool', default=True,
            doc='warn at each failed attempt, not only the last'),
        # the second argument as CONF (its parse: chatter_socket)
        dataclasses.replace(_PORT, positional=False, required=False),
        dataclasses.replace(_FILENAME, positional=False, required=False),
    ),
    schedulable='timer',
    state='shared',
    concurrency='lock',
    concurrency_note=('messages may come from any thread: the copy to the clients, the '
                      'clients and the kept bytes are under one mutex, which the element\'s '
                      'task (accepting clients, sending what they lack) also takes'),
    configure_phase=20,  # Click's CONFIGURE_PHASE_INFO
)
