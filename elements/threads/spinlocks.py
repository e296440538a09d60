"""The configuration checks shared by the spinlock classes (Click's elements/threads): the names
SpinlockInfo defines, and the lookup of a LOCK by SpinlockAcquire, SpinlockRelease and
SpinlockPush ("cannot locate spinlock NAME")."""

from __future__ import annotations

from typing import Any

from clickc.args import cp_argvec
from clickc.args.lexing import parse_string
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def spinlock_names(config: str) -> list[str | None]:
    """The names of a SpinlockInfo configuration, one per argument (None: not a string)."""
    out: list[str | None] = []
    for arg in cp_argvec(config):
        v = parse_string(arg)
        out.append(None if v is None else v.decode("utf-8", "replace"))
    return out


def info_names(graph: RouterGraph, element: Element,
               ctx: ConfigureContext) -> dict[str, Any] | None:
    """SpinlockInfo::configure: each argument a string naming a lock ("bad NAME")."""
    names = spinlock_names(element.config)
    if any(n is None for n in names):
        ctx.error("bad NAME")
        return None
    return {"NAMES": [n for n in names if n is not None]}


def lock_defined(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """LOCK must be a name some SpinlockInfo of the router defines (Click's NameInfo query;
    clickc's spinlock names are router-wide)."""
    lock = args.get("LOCK")
    name = lock.decode("utf-8", "replace") if isinstance(lock, bytes) else str(lock)
    for e in graph.elements():
        if e.class_name == "SpinlockInfo" and name in spinlock_names(e.config):
            return
    ctx.error(f"cannot locate spinlock {name}")


def lock_user_spec(name: str, processing: str) -> ElementSpec:
    """The spec of SpinlockAcquire, SpinlockRelease or SpinlockPush."""
    return ElementSpec(name, '1/1', processing,
        args=(Arg('LOCK', 'string', positional=True, required=True,
                  doc='a spinlock name defined by a SpinlockInfo'),),
        validate=lock_defined,
        header_delta=0,
    )
