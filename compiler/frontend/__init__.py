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
from collections.abc import Container, Iterator
from contextlib import contextmanager

from ..errors import ClickError, ErrorHandler, Landmark
from ..ir import Element, RouterGraph
from .builder import Builder, requirement_strings
from .confparse import ExpansionTooLarge
from .gcpause import gc_paused
from .model import Router
from .unparse import unparse

__all__ = ["ParsedConfig", "build_router", "gc_paused", "parse_file", "parse_string", "read_config",
           "read_file", "to_graph", "unparse"]


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


class ParsedConfig:
    """A configuration text read once: Click's unflattened router, flattened on demand.

    :meth:`flatten` gives the flat graph for given command-line ``defines`` without reading
    the text again (each call flattens a copy, so one read serves any number of flattenings,
    e.g. the probes of the run-time parameter split, docs/backend.md).  ``file_defines``: the
    configuration's own global ``define``s, name -> value, before any command-line value.
    """

    def __init__(self, router: Router, filename: str, driver: bool, read_errors: int) -> None:
        self._router = router
        self.filename = filename
        self._driver = driver
        self._read_errors = read_errors
        self._consumed = False
        self.file_defines = dict(zip(router.scope.names, router.scope.values, strict=True))

    def flatten(self, defines: dict[str, str] | None, errh: ErrorHandler, *,
                expand_vars: bool, last: bool = False) -> RouterGraph:
        """The flat graph with command-line ``defines`` overriding the configuration's; see
        :func:`parse_string` for ``expand_vars``.  last: this is the last flattening (the read
        router itself is flattened, not a copy; another call raises RuntimeError).  Raises
        ClickError (errors in ``errh``) when reading the text failed or flattening reports an
        error."""
        if self._consumed:
            raise RuntimeError("ParsedConfig.flatten after its last flattening")
        before = errh.nerrors
        self._consumed = last
        r = self._router if last else self._router.copy_top()
        for k, v in (defines or {}).items():
            r.scope.define(k, v, True)
        global_defines = dict(zip(r.scope.names, r.scope.values, strict=True))
        with _deep_recursion():
            try:
                # click-flatten flattens even after parse errors; with ``classes`` the errors
                # about compound ports come in the driver's order
                r.flatten(errh, expand_vars, driver=self._driver)
            except RecursionError:
                errh.error(Landmark(self.filename), "configuration nested too deeply")
                raise ClickError(errh) from None
            except ExpansionTooLarge as ex:
                errh.error(Landmark(self.filename), str(ex))
                raise ClickError(errh) from None
        if self._read_errors or errh.nerrors != before:
            raise ClickError(errh)
        with gc_paused():
            g = to_graph(r)
        g.defines = global_defines   # kept even when expanded into the configuration strings
        return g


@contextmanager
def _deep_recursion() -> Iterator[None]:
    """ANTLR's Python parser recurses about ten frames per nesting level of groups and
    compounds, flattening a few per level; allow MAX_NESTING levels (Python 3.11 calls use
    no C stack per frame).

    Python's cyclic garbage collector is paused meanwhile: reading and flattening allocate
    millions of objects that live until the end, and each full collection walks all of them
    (40% of the time of a large configuration, docs/reliability.md).  The parse tree's cycles
    are collected after."""
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20000))
    try:
        with gc_paused():
            yield
    finally:
        sys.setrecursionlimit(old_limit)




def read_config(text: str, filename: str, errh: ErrorHandler,
                classes: Container[str] | None = None) -> ParsedConfig:
    """Parse ``text`` (named ``filename`` in messages) once; ``classes`` as for
    :func:`parse_string`.  Errors go to ``errh``; reading never raises for bad input (click-
    flatten flattens even after parse errors): :meth:`ParsedConfig.flatten` raises then."""
    before = errh.nerrors
    with _deep_recursion():
        try:
            r = build_router(text, filename, None, errh, classes)
        except RecursionError:
            errh.error(Landmark(filename), "configuration nested too deeply")
            raise ClickError(errh) from None
        except ExpansionTooLarge as ex:
            errh.error(Landmark(filename), str(ex))
            raise ClickError(errh) from None
    return ParsedConfig(r, filename, classes is not None, errh.nerrors - before)


def read_file(path: str, errh: ErrorHandler) -> tuple[str, str]:
    """The text of the configuration file ``path`` ("-": standard input) and its name in
    messages (``<stdin>`` for standard input).  An unreadable file is an error in ``errh``
    (``PATH: reason``) and raises ClickError."""
    try:
        if path == "-":
            return sys.stdin.read(), "<stdin>"
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            return f.read(), path
    except OSError as e:
        errh.error(None, f"{path}: {e.strerror}")
        raise ClickError(errh) from None


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
    return read_config(text, filename, errh, classes).flatten(defines, errh,
                                                               expand_vars=expand_vars,
                                                               last=True)


def parse_file(path: str, defines: dict[str, str] | None = None,
               errh: ErrorHandler | None = None, classes: Container[str] | None = None,
               *, expand_vars: bool = False) -> RouterGraph:
    """Parse and flatten the configuration file ``path`` ("-" is standard input).

    Same contract as :func:`parse_string`; an unreadable file is a located error."""
    errh = errh if errh is not None else ErrorHandler()
    text, name = read_file(path, errh)
    return parse_string(text, name, defines, errh, classes, expand_vars=expand_vars)
