"""Validate hooks (``ElementSpec.validate``) that refuse an element class clickc does not
compile, with an error at the element's declaration that says why (``FILE:LINE: ...``, not
under Click's "While configuring" context: Click itself would configure the element), so the
check fails and the compilation stops with status 1."""

from __future__ import annotations

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.ir import Element, RouterGraph


def linuxmodule_only(graph: RouterGraph, element: Element, args: dict[str, Any],
                     ctx: ConfigureContext) -> None:
    """A class of Click's Linux kernel driver only (``drivers=("linuxmodule",)``): Click's
    userlevel driver does not know it, and clickc builds user-level programs."""
    del graph, args
    _refuse(ctx, element, f"element class '{element.class_name}' exists only in Click's Linux "
            "kernel driver (linuxmodule); Click's userlevel driver reports \"unknown element "
            f"class '{element.class_name}'\", and clickc builds user-level routers "
            f"(element '{element.name}')")


def _refuse(ctx: ConfigureContext, element: Element, message: str) -> None:
    """Report ``message`` at the element's landmark, outside any context block."""
    ctx.errh.error(element.landmark, message)


#: What each refused TCP class would need, for the error message.
_TCP_MISSING = {
    "TCPConn": "a TCP connection state machine and a Click socket-like interface over "
               "TCPDemux (Click's elements/local research code)",
    "TCPBuffer": "TCP sequence-space reassembly feeding TCPConn",
    "TCPAck": "the acknowledgement machinery paired with TCPConn/TCPBuffer",
    "TCPDemux": "the per-connection demultiplexing table TCPConn registers with",
    "ToyTCP": "a toy TCP client state machine with its own timers",
    "WebGen": "a web-client load generator with per-connection TCP state and timers",
}


def tcp_not_implemented(graph: RouterGraph, element: Element, args: dict[str, Any],
                        ctx: ConfigureContext) -> None:
    """The TCP classes clickc does not compile (Click's elements/local research code TCPConn,
    TCPAck, ToyTCP, WebGen): refused with what an implementation would need."""
    del graph, args
    need = _TCP_MISSING.get(element.class_name, "a TCP implementation")
    _refuse(ctx, element, f"element class '{element.class_name}' is not compiled by clickc "
            f"(element '{element.name}'): it needs {need}, which clickc does not have")


def not_built_by_click(graph: RouterGraph, element: Element, args: dict[str, Any],
                       ctx: ConfigureContext) -> None:
    """A class whose source is in Click's tree but which Click's build leaves out
    (``ELEMENT_REQUIRES(false)``) and whose code is unfinished, so that it has no behaviour
    to reproduce (FromFlanDump): Click's userlevel driver does not know it either."""
    del graph, args
    _refuse(ctx, element, f"element class '{element.class_name}' is not built by Click (its "
            "source requires 'false'), so Click's userlevel driver "
            f"reports \"unknown element class '{element.class_name}'\"; clickc refuses it too "
            f"(element '{element.name}')")


#: Why each class that needs something clickc cannot provide is refused, for the error message.
_CANNOT = {
    "KernelHandlerProxy": "it proxies the handlers of a configuration running in Click's Linux "
                          "kernel module, through that module's /click file system; clickc "
                          "builds user-level routers and has no kernel module",
}


def cannot_work_here(graph: RouterGraph, element: Element, args: dict[str, Any],
                     ctx: ConfigureContext) -> None:
    """A userlevel class of Click that needs something this project cannot have (Click's
    Linux kernel module for KernelHandlerProxy): refused with the reason (issue 19)."""
    del graph, args
    _refuse(ctx, element, f"element class '{element.class_name}' is not compiled by clickc "
            f"(element '{element.name}'): {_CANNOT[element.class_name]}")
