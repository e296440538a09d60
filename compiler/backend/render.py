"""Render the generated router (C11) from a :class:`~clickc.backend.model.RouterModel`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import jinja2
from clickc.cformat import c_comment, c_string
from clickc.elements import registry

from . import sections
from .model import RouterModel

_ENV: jinja2.Environment | None = None


def environment() -> jinja2.Environment:
    """The Jinja2 environment for ``compiler/backend/templates`` (loaded from the installed
    package; ``StrictUndefined`` so a missing field is an error, never empty C text)."""
    global _ENV
    if _ENV is None:
        env = jinja2.Environment(
            loader=jinja2.PackageLoader("clickc.backend", "templates"),
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            autoescape=False,
        )
        env.filters["cstr"] = c_string
        env.filters["ccomment"] = c_comment
        # the per-element text, built in Python (compiler/backend/sections.py)
        env.globals.update(
            forward_declarations=sections.forward_declarations,
            counter_declarations=sections.counter_declarations,
            element_sections=sections.element_sections,
            element_rows=sections.element_rows,
            handler_rows=sections.handler_rows)
        _ENV = env
    return _ENV


@dataclass(frozen=True)
class HotModel:
    """One element's hot-reconfiguration record (``ElementSpec.hot``): its variables (those
    in ``expose`` only published for a successor's take, ``key`` compared, ``keyed`` copied
    when the keys are equal, ``timers`` rescheduled; the others copied by value), the
    class names it accepts (space-separated) and which hand-written functions its C file
    defines."""

    vars: tuple[str, ...] = ()
    expose: tuple[str, ...] = ()
    key: tuple[str, ...] = ()
    keyed: tuple[str, ...] = ()
    timers: tuple[str, ...] = ()
    accepts: str = ""
    drain: bool = False
    take: bool = False
    give: bool = False


def hot_models(model: RouterModel) -> dict[int, HotModel]:
    """Element index -> :class:`HotModel`, from each class's ``ElementSpec.hot`` (an element
    whose class has none gets an empty record: nothing of it moves)."""
    out: dict[int, HotModel] = {}
    for e in model.elements:
        spec = registry.get(e.class_name)
        h = spec.hot if spec is not None else None
        out[e.index] = HotModel() if h is None else HotModel(
            vars=h.variables(e.element_nthreads) + h.expose + h.key + h.keyed + h.timers,
            expose=h.expose, key=h.key, keyed=h.keyed, timers=h.timers,
            accepts=" ".join(h.accepts),
            drain=h.drain, take=h.take, give=h.give)
    return out


def render_router(model: RouterModel, hot: bool = False) -> str:
    """The C source of the whole router (``router.c.j2``).

    ``hot``: the router as a shared object for ``clickc run -R`` (no ``main``; the table
    ``ck_hot_router_entry`` the resident host loads, runtime/hotswap.h) instead of a program.
    Deterministic: the text depends only on ``model`` (no dates, paths of this machine or
    hash-ordered iteration), so golden tests compare it byte for byte.
    """
    return "".join(render_router_chunks(model, hot))


def render_router_chunks(model: RouterModel, hot: bool = False) -> Iterator[str]:
    """:func:`render_router`'s text in consecutive pieces of about :data:`CHUNK` characters
    (a few megabytes), for writing a large router's C without holding it whole: Jinja2's
    ``render`` holds every template piece until its one final join.  A piece is a line or
    two of the template, or one element's whole section (compiler/backend/sections.py)."""
    pieces = environment().get_template("router.c.j2").generate(
        r=model, hot=hot_models(model) if hot else None)
    batch: list[str] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece)
        if size >= CHUNK:
            yield "".join(batch)
            batch.clear()
            size = 0
    if batch:
        yield "".join(batch)


#: Characters of template pieces :func:`render_router_chunks` joins into one.
CHUNK = 1 << 22
