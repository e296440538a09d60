"""The front end: Click configuration text -> flat :class:`~clickc.ir.RouterGraph`.

Pipeline: grammar/Click.g4 (ANTLR 4.13.2, generated parser in ``clickc.grammar.gen``) parses
the text; :mod:`.builder` replays Click's semantic actions over the parse tree into an
unflattened router (:mod:`.model`); :meth:`.model.Router.flatten` expands compound elements
as click-flatten does; the result is converted to a ``RouterGraph``.  :func:`unparse` prints a
graph in click-flatten's output format.

Errors are collected in an :class:`~clickc.errors.ErrorHandler` as ``FILE:LINE: message`` (all
of them, in Click's wording) and :class:`~clickc.errors.ClickError` is raised at the end when
any error was recorded.  Nothing else escapes for bad input.
"""

from __future__ import annotations

import sys
from collections.abc import Container

from ..errors import ClickError, ErrorHandler, Landmark
from ..ir import Element, RouterGraph
from .builder import Builder, requirement_strings
from .model import Router
from .unparse import unparse

__all__ = ["parse_file", "parse_string", "unparse", "build_router", "to_graph"]


def build_router(text: str, filename: str, defines: dict[str, str] | None,
                 errh: ErrorHandler, classes: Container[str] | None = None) -> Router:
    """Parse ``text`` into Click's unflattened router model (errors go to ``errh``)."""
    b = Builder(errh, classes)
    if not text:
        errh.warning(Landmark(filename), "empty configuration")
    b.read(text, filename)
    return b.finish(defines)


def to_graph(r: Router) -> RouterGraph:
    """Convert a flattened router to a RouterGraph (element and connection order kept).

    ``graph.connection_landmarks`` is filled in Click's connection order, which
    :func:`unparse` uses to print chains as click-flatten does."""
    g = RouterGraph()
    g.requirements = requirement_strings(r)
    g.defines = dict(zip(r.scope.names, r.scope.values, strict=True))
    for e in r.elements:
        if e.live and not e.tunnel():
            g.add_element(Element(e.name, e.type.name, e.config, e.landmark))
    for c in r.conns.values():
        if c.src.live and c.dst.live and not c.src.tunnel() and not c.dst.tunnel():
            g.connect(c.src.name, c.sport, c.dst.name, c.dport, c.landmark)
    return g


def parse_string(text: str, filename: str = "<config>", defines: dict[str, str] | None = None,
                 errh: ErrorHandler | None = None, classes: Container[str] | None = None,
                 *, expand_vars: bool = False) -> RouterGraph:
    """Parse and flatten a configuration given as text.

    ``defines``: command-line ``NAME=VALUE`` overrides of global ``define``s.  ``classes``:
    known primitive class names; when None, an undeclared identifier is an element of the
    class of that name (click-flatten's behaviour), otherwise it is an "undeclared element"
    error.  ``expand_vars``: also substitute global ``define`` values into configuration
    strings (click-flatten --expand-vars); by default they stay as ``$NAME``, as click-flatten
    prints them.  Raises ClickError (with every error, ``FILE:LINE: message``) on errors.
    """
    errh = errh if errh is not None else ErrorHandler()
    before = errh.nerrors
    # ANTLR's Python parser recurses about ten frames per nesting level of groups and
    # compounds; allow a few hundred levels (Python 3.11 calls use no C stack per frame)
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20000))
    try:
        r = build_router(text, filename, defines, errh, classes)
        global_defines = dict(zip(r.scope.names, r.scope.values, strict=True))
        # click-flatten flattens even after parse errors; with ``classes`` the errors about
        # compound ports come in the driver's order
        r.flatten(errh, expand_vars, driver=classes is not None)
    except RecursionError:
        errh.error(Landmark(filename), "configuration nested too deeply")
        raise ClickError(errh) from None
    finally:
        sys.setrecursionlimit(old_limit)
    if errh.nerrors != before:
        raise ClickError(errh)
    g = to_graph(r)
    g.defines = global_defines   # kept even when expanded into the configuration strings
    return g


def parse_file(path: str, defines: dict[str, str] | None = None,
               errh: ErrorHandler | None = None, classes: Container[str] | None = None,
               *, expand_vars: bool = False) -> RouterGraph:
    """Parse and flatten the configuration file ``path`` ("-" is standard input).

    Same contract as :func:`parse_string`; an unreadable file is a located error."""
    errh = errh if errh is not None else ErrorHandler()
    try:
        if path == "-":
            text = sys.stdin.read()
            name = "<stdin>"
        else:
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
            name = path
    except OSError as e:
        errh.error(None, f"{path}: {e.strerror}")
        raise ClickError(errh) from None
    return parse_string(text, name, defines, errh, classes, expand_vars=expand_vars)
