"""Render the generated router (C11) from a :class:`~clickc.backend.model.RouterModel`."""

from __future__ import annotations

import jinja2
from clickc.cformat import c_comment, c_string

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
        _ENV = env
    return _ENV


def render_router(model: RouterModel) -> str:
    """The C source of the whole router (``router.c.j2``).

    Deterministic: the text depends only on ``model`` (no dates, paths of this machine or
    hash-ordered iteration), so golden tests compare it byte for byte.
    """
    text: str = environment().get_template("router.c.j2").render(r=model)
    return text
