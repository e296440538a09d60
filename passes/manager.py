"""The pass manager: named graph-rewriting passes, the ``-O`` pipelines, ``--passes``,
``--dump-after`` and ``--list-passes``.

A pass is a small named unit (:class:`Pass`) that rewrites a checked :class:`RouterGraph` in
place: elements already carry parsed arguments and resolved push/pull kinds.  A pass that adds
or reconnects elements sets ``recheck=True``; the manager then runs Click's checks again
(push/pull inference, port counts, argument parsing) so the next pass and the backend see a
consistent graph, and reports any failure as an internal error of that pass.

Passes live in modules of ``clickc.passes``; a module exports them as ``PASSES = [Pass(...),
...]`` and is found by :func:`registry` (every module of the package is scanned once), so
adding a pass touches only its module and, if an ``-O`` level should run it, :data:`PIPELINES`.

Facts passes share go in ``graph.attrs`` (router-wide, e.g. ``nthreads``) and
``Element.attrs`` (per element, e.g. ``thread``, ``inserted_by``); see docs/passes.md.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clickc.errors import ClickError, ErrorHandler
from clickc.ir import RouterGraph


@dataclass
class PassContext:
    """What every pass may read, and where it reports.

    opt: the -O level (0-3).  nthreads: router threads (``-j N``, at least 1).  batch: the
    ``--batch`` burst size (0 = per packet).  registry: the element spec registry
    (``clickc.elements.registry``).  errh: where errors and warnings go (a pass that cannot do
    its job on a valid router warns and leaves the graph unchanged; it reports an error only for
    something the user asked for that cannot be done).  profile: a loaded profile
    (``--profile-use``) or None.  explain: lines a pass appends to say what it decided and why
    (printed by ``--explain``).  options: free-form ``--pass-option NAME=VALUE`` settings.
    """

    registry: Any
    errh: ErrorHandler
    opt: int = 2
    nthreads: int = 1
    batch: int = 0
    profile: Any = None
    explain: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)

    def note(self, pass_name: str, text: str) -> None:
        """Append ``[pass_name] text`` to the ``--explain`` lines."""
        self.explain.append(f"[{pass_name}] {text}")


@dataclass(frozen=True)
class Pass:
    """One named pass.

    name: the command-line name (``--passes=name``).  summary: one line for
    ``--list-passes``.  run: ``run(graph, ctx)`` rewrites ``graph`` in place.  recheck: the
    manager re-runs Click's checks after it (set by passes that add elements or connections).
    requires / provides: names of facts (other passes' ``provides``) that must have been
    established earlier / that this pass establishes; the manager checks the order of an
    explicit ``--passes`` list against them.
    """

    name: str
    summary: str
    run: Callable[[RouterGraph, PassContext], None]
    recheck: bool = False
    requires: tuple[str, ...] = ()
    provides: tuple[str, ...] = ()


#: The -O pipelines, by level: pass names in order.  Passes that only make sense with several
#: threads check ``ctx.nthreads`` themselves and do nothing for one thread.  ``flow-split``
#: runs before ``pipeline-cut`` (a path the cost model splits is not also cut); ``undead``
#: only at -O3, since it removes elements whose handlers a user may still read (docs/passes.md).
#: ``placement`` runs after the passes that insert Queues and before those that read threads.
PIPELINES: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("placement", "timestamps", "source-copy", "batch"),
    2: ("flow-split", "pipeline-cut", "placement", "timestamps", "source-copy", "batch"),
    3: ("undead", "flow-split", "pipeline-cut", "placement", "timestamps", "source-copy", "batch"),
}

_REGISTRY: dict[str, Pass] | None = None


def registry() -> dict[str, Pass]:
    """Every pass of every ``clickc.passes`` module (``PASSES`` lists), by name.  Raises
    RuntimeError when two modules define the same name."""
    global _REGISTRY
    if _REGISTRY is None:
        import clickc.passes as pkg

        found: dict[str, Pass] = {}
        for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
            if info.name == "manager":
                continue
            mod = importlib.import_module(f"clickc.passes.{info.name}")
            for p in getattr(mod, "PASSES", ()):
                if p.name in found:
                    raise RuntimeError(f"pass {p.name!r} defined twice")
                found[p.name] = p
        _REGISTRY = found
    return _REGISTRY


def pipeline(opt: int) -> list[str]:
    """The pass names ``-O{opt}`` runs (levels above 3 act as 3)."""
    return list(PIPELINES[max(0, min(3, opt))])


def list_passes() -> str:
    """``--list-passes`` text: one ``name  summary`` line per pass, then the pipelines."""
    reg = registry()
    width = max([len(n) for n in reg] + [4])
    lines = [f"{n:<{width}}  {reg[n].summary}" for n in sorted(reg)]
    lines.append("")
    for level in sorted(PIPELINES):
        lines.append(f"-O{level}: {', '.join(PIPELINES[level]) or '(no passes)'}")
    return "\n".join(lines) + "\n"


def resolve(names: Iterable[str], errh: ErrorHandler) -> list[Pass]:
    """The passes named by ``names`` in order.  Unknown names and a pass whose ``requires`` no
    earlier pass ``provides`` are errors in ``errh`` (with the closest known names); returns
    what resolved."""
    reg = registry()
    out: list[Pass] = []
    have: set[str] = set()
    for n in names:
        p = reg.get(n)
        if p is None:
            import difflib

            close = difflib.get_close_matches(n, list(reg), n=2)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            errh.error(None, f"unknown pass '{n}'{hint}; --list-passes lists them")
            continue
        missing = [r for r in p.requires if r not in have]
        if missing:
            errh.error(None, f"pass '{n}' needs {', '.join(missing)} first (from an earlier pass)")
        have.update(p.provides)
        out.append(p)
    return out


@dataclass
class DumpSpec:
    """``--dump-after``: after which passes (``all`` = every pass) to write the graph, and the
    directory.  Files: ``NN-PASS.click`` (flat Click, ``clickc flatten``'s format) and
    ``NN-PASS.dot`` (Graphviz, threads as colours)."""

    after: set[str]
    directory: Path

    def wants(self, name: str) -> bool:
        return "all" in self.after or name in self.after


def _dump(graph: RouterGraph, step: int, name: str, dump: DumpSpec) -> None:
    from clickc.draw import to_dot
    from clickc.frontend.unparse import unparse

    dump.directory.mkdir(parents=True, exist_ok=True)
    stem = dump.directory / f"{step:02d}-{name}"
    stem.with_suffix(".click").write_text(unparse(graph), encoding="utf-8")
    stem.with_suffix(".dot").write_text(to_dot(graph, title=f"after {name}"), encoding="utf-8")


def run_passes(graph: RouterGraph, passes: list[Pass], ctx: PassContext,
               recheck: Callable[[RouterGraph, ErrorHandler], None],
               dump: DumpSpec | None = None) -> None:
    """Run ``passes`` in order on ``graph``.

    recheck: ``recheck(graph, errh)`` re-runs Click's checks (raises ClickError after
    reporting); called after each pass with ``recheck=True``.  A check failure after a pass is
    reported as ``internal error: pass NAME produced an invalid router`` followed by the
    messages, and raises ClickError.  ``graph.attrs["passes_run"]`` records the names run.
    """
    run_names: list[str] = graph.attrs.setdefault("passes_run", [])
    for step, p in enumerate(passes, 1):
        before = ctx.errh.nerrors
        p.run(graph, ctx)
        if ctx.errh.nerrors > before:
            raise ClickError(ctx.errh)
        if p.recheck:
            scratch = ErrorHandler()
            try:
                recheck(graph, scratch)
            except ClickError:
                pass
            if scratch.nerrors:
                ctx.errh.error(None, f"internal error: pass '{p.name}' produced an invalid "
                                     "router:")
                for d in scratch.diagnostics:
                    ctx.errh.message(d.landmark, str(d.message))
                raise ClickError(ctx.errh)
        run_names.append(p.name)
        if dump is not None and dump.wants(p.name):
            _dump(graph, step, p.name, dump)
