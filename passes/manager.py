"""The pass manager: named graph-rewriting passes, the ``-O`` pipelines, ``--passes``,
``--dump-after`` and ``--list-passes``.

A pass is a small named unit (:class:`Pass`) that rewrites a checked :class:`RouterGraph` in
place: elements already carry parsed arguments and resolved push/pull kinds.  A pass that adds
or reconnects elements sets ``recheck=True``; the manager then runs Click's checks again
(push/pull inference, port counts, argument parsing) so the next pass and the backend see a
consistent graph, and reports any failure as an internal error of that pass.  It does so only
when the graph differs from the one the checks last saw (:func:`graph_shape`: elements,
classes, configurations, connections, defines, requirements and the ports' push/pull kinds):
an unchanged graph passed them already, and they would give the same results again.

Passes live in modules of ``clickc.passes``; a module exports them as ``PASSES = [Pass(...),
...]`` and is found by :func:`registry` (every module of the package is scanned once), so
adding a pass touches only its module and, if an ``-O`` level should run it, :data:`PIPELINES`.

Options: a pass declares its ``--pass-option`` settings as a frozen dataclass
(:attr:`Pass.options`), one field per setting, each made with :func:`option` (the command-line
name, the parser, the accepted values and a one-line doc).  :func:`parse_pass_options` turns
the command line's ``NAME=VALUE`` strings into typed values once, before any pass runs: an
unknown name is an error that suggests the closest known names, a bad value an error that
names the option and the values it accepts.  A pass reads its settings with
``ctx.options.of(ItsOptions)``.  A setting several passes read (the cost model's ``cost``) is
declared once, in a dataclass those passes' option classes inherit from.

Facts passes share are typed fields: ``graph.facts`` (router-wide,
:class:`clickc.ir.RouterFacts`, e.g. ``nthreads``) and ``Element.facts`` (per element,
:class:`clickc.ir.ElementFacts`, e.g. ``thread``, ``inserted_by``); see docs/passes.md.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import clickc.passes as pkg
from clickc.elements.registry import SpecSource
from clickc.errors import ClickError, ErrorHandler
from clickc.ir import RouterGraph

from .profile import Profile

T = TypeVar("T")

#: ``dataclasses.Field.metadata`` key under which :func:`option` keeps an :class:`OptionInfo`.
_OPTION_KEY = "clickc.pass_option"


@dataclass(frozen=True)
class OptionInfo:
    """How one ``--pass-option`` setting is spelt, parsed and documented.

    name: the command-line name (``placement.strategy``, ``split_capacity``, ``cost``).
    parse: text -> typed value; raises ValueError whose message says what is accepted
    (``expected an integer >= 1``).  doc: one line for ``--list-passes``.  default_text: how
    to print the default when the field's default (often None: "not given") needs words.
    metavar: the VALUE's form for ``--list-passes`` (``N``, ``greedy|udfs|auto``).
    """

    name: str
    parse: Callable[[str], object]
    doc: str
    default_text: str | None = None
    metavar: str = "VALUE"


def option(default: Any, doc: str, parse: Callable[[str], object], *, name: str | None = None,
           default_text: str | None = None, metavar: str | None = None) -> Any:
    """A field of a pass's options dataclass: ``--pass-option NAME=VALUE`` (NAME: ``name``,
    else the field's name) parsed by ``parse`` (raises ValueError naming the accepted values),
    ``default`` when not given (None where "not given" matters to the pass), ``doc`` one line;
    ``default_text`` and ``metavar`` as in :class:`OptionInfo` (metavar: ``N`` for an int
    field, ``X`` for a float, ``0|1`` for a bool unless given).  Returns a
    ``dataclasses.field``."""
    info = {"name": name, "parse": parse, "doc": doc, "default_text": default_text,
            "metavar": metavar}
    return field(default=default, metadata={_OPTION_KEY: info})


_METAVARS = {"int": "N", "float": "X", "bool": "0|1"}


def option_info(f: dataclasses.Field[Any]) -> OptionInfo:
    """The :class:`OptionInfo` of field ``f`` of an options dataclass (made by :func:`option`).
    Raises TypeError for a field made otherwise."""
    raw = f.metadata.get(_OPTION_KEY)
    if raw is None:
        raise TypeError(f"pass option field {f.name!r} is not made with option()")
    metavar = raw["metavar"] or _METAVARS.get(_value_type(f), "VALUE")
    return OptionInfo(raw["name"] or f.name, raw["parse"], raw["doc"], raw["default_text"],
                      metavar)


def _value_type(f: dataclasses.Field[Any]) -> str:
    """The field's type as written (annotations are strings here), without ``| None``."""
    return str(f.type).removesuffix(" | None")


def int_at_least(lo: int) -> Callable[[str], int]:
    """A parser for an integer of at least ``lo`` (Python's literal forms: ``0x10`` too)."""
    def parse(text: str) -> int:
        try:
            v = int(text, 0)
        except ValueError:
            v = lo - 1
        if v < lo:
            raise ValueError(f"expected an integer >= {lo}")
        return v
    return parse


def number_at_least_zero(text: str) -> float:
    """A parser for a number 0 or more (NaN rejected)."""
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not v >= 0:
        raise ValueError("expected a number 0 or more")
    return v


def one_of(*choices: str) -> Callable[[str], str]:
    """A parser for one of ``choices`` (the text itself)."""
    def parse(text: str) -> str:
        if text not in choices:
            raise ValueError(f"expected {', '.join(choices)}")
        return text
    return parse


def switch(text: str) -> bool:
    """A parser for an on/off setting: an integer 0 or more (0 is off, as the options always
    took it), or true/false."""
    low = text.strip().lower()
    if low in ("true", "yes"):
        return True
    if low in ("false", "no"):
        return False
    try:
        return int_at_least(0)(text) != 0
    except ValueError:
        raise ValueError("expected 0 or 1 (0 is off, any larger integer on), true or "
                         "false") from None


@dataclass(frozen=True)
class NoOptions:
    """The options of a pass that takes none."""


@dataclass
class PassOptionValues:
    """The ``--pass-option`` settings after :func:`parse_pass_options`: command-line name ->
    typed value, for the names given only.  ``of(cls)`` builds a pass's options dataclass
    from them (defaults for the rest)."""

    given: dict[str, object] = field(default_factory=dict)

    def of(self, cls: type[T]) -> T:
        """``cls`` (an options dataclass) with the given settings filled in."""
        names = {f.name: option_info(f).name
                 for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        return cls(**{k: self.given[n] for k, n in names.items() if n in self.given})


@dataclass
class PassContext:
    """What every pass may read, and where it reports.

    opt: the -O level (0-3).  nthreads: router threads (``-j N``, at least 1).  batch: the
    ``--batch`` burst size (0 = per packet; None: the batch pass decides at -O2 and above).
    registry: the element spec registry (``clickc.elements.registry``).  errh: where errors and
    warnings go (a pass that cannot do its job on a valid router warns and leaves the graph
    unchanged; it reports an error only for something the user asked for that cannot be
    done).  profile: a loaded profile (``--profile-use``) or None.  explain: lines a pass
    appends to say what it decided and why (printed by ``--explain``).  options: the parsed
    ``--pass-option`` settings; a pass reads its own with ``ctx.options.of(ItsOptions)``.
    """

    registry: SpecSource
    errh: ErrorHandler
    opt: int = 2
    nthreads: int = 1
    batch: int | None = None
    profile: Profile | None = None
    explain: list[str] = field(default_factory=list)
    options: PassOptionValues = field(default_factory=PassOptionValues)

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
    explicit ``--passes`` list against them.  options: the pass's options dataclass (fields
    made with :func:`option`; :class:`NoOptions` for none).
    """

    name: str
    summary: str
    run: Callable[[RouterGraph, PassContext], None]
    recheck: bool = False
    requires: tuple[str, ...] = ()
    provides: tuple[str, ...] = ()
    options: type = NoOptions


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


def pass_options_table(passes: Iterable[Pass]) -> dict[str, tuple[OptionInfo, str, list[str]]]:
    """Every ``--pass-option`` name the ``passes`` declare -> (its OptionInfo, the field's type
    as written, the names of the passes that read it).  A name declared by two different
    fields (not one field inherited by several option classes) raises RuntimeError."""
    out: dict[str, tuple[OptionInfo, str, list[str]]] = {}
    owner: dict[str, dataclasses.Field[Any]] = {}
    for p in passes:
        for f in dataclasses.fields(p.options):
            info = option_info(f)
            if info.name in owner:
                if owner[info.name] is not f:
                    raise RuntimeError(f"pass option {info.name!r} declared twice")
                out[info.name][2].append(p.name)
                continue
            owner[info.name] = f
            out[info.name] = (info, _value_type(f), [p.name])
    return out


def parse_pass_options(pairs: Iterable[tuple[str, str]], passes: Iterable[Pass],
                       errh: ErrorHandler) -> PassOptionValues:
    """``--pass-option NAME=VALUE`` pairs -> typed values, checked against the options the
    ``passes`` declare (normally every registered pass, so a setting for a pass the -O level
    does not run is still accepted).  An unknown NAME is an error with the closest known
    names; a VALUE the option's parser rejects is an error ``--pass-option NAME=VALUE:
    expected ...``.  Errors go to ``errh`` (the caller raises); a later pair with the same
    name wins."""
    table = pass_options_table(passes)
    out = PassOptionValues()
    for name, text in pairs:
        entry = table.get(name)
        if entry is None:
            # a dotted name also matches by its last part (``strategy``: placement.strategy)
            tails = {k.rpartition(".")[2]: k for k in table if "." in k}
            close = difflib.get_close_matches(name, list(table), n=2) or \
                [tails[t] for t in difflib.get_close_matches(name, list(tails), n=2)]
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            errh.error(None, f"--pass-option {name}={text}: unknown option{hint}; "
                             "--list-passes lists them")
            continue
        try:
            out.given[name] = entry[0].parse(text)
        except ValueError as e:
            errh.error(None, f"--pass-option {name}={text}: {e}")
    return out


def _default_text(info: OptionInfo, default: object) -> str:
    if info.default_text is not None:
        return info.default_text
    if isinstance(default, bool):
        return str(int(default))
    return f"{default:g}" if isinstance(default, float) else str(default)


def list_passes() -> str:
    """``--list-passes`` text: one ``name  summary`` line per pass, each followed by its
    ``--pass-option`` settings (``NAME=METAVAR (TYPE, default DEFAULT): doc``; a shared one
    under the first pass that reads it, naming the others), then the pipelines."""
    reg = registry()
    width = max([len(n) for n in reg] + [4])
    table = pass_options_table(reg[n] for n in sorted(reg))
    defaults = {option_info(f).name: f.default for n in reg
                for f in dataclasses.fields(reg[n].options)}
    lines = []
    for n in sorted(reg):
        lines.append(f"{n:<{width}}  {reg[n].summary}")
        for name, (info, typ, readers) in table.items():
            if readers[0] != n:
                continue
            shared = f" (also read by {', '.join(readers[1:])})" if len(readers) > 1 else ""
            lines.append(f"{'':<{width}}  --pass-option {name}={info.metavar} ({typ}, default "
                         f"{_default_text(info, defaults[name])}): {info.doc}{shared}")
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


class GraphShape:
    """What Click's checks read of a graph and what they fill in, to tell whether a pass
    with ``recheck=True`` left a graph the checks have not seen (:func:`graph_shape`).  Elements are
    compared by identity (a pass that replaces an element by an equal one changed the graph),
    connections in the graph's own order (a connection removed and added again counts as a
    change: comparing is cheap, a recheck is safe)."""

    __slots__ = ("elements", "fields", "edges", "defines", "requirements")

    def __init__(self, graph: RouterGraph) -> None:
        nodes = graph.g.nodes(data="element")
        self.elements: list[object] = [e for _, e in nodes]
        self.fields: list[tuple[Any, ...]] = [
            (n, e.class_name, e.config, e.index, e.args is None, tuple(e.input_kinds),
             tuple(e.output_kinds)) for n, e in nodes]
        self.edges: list[tuple[Any, ...]] = list(graph.g.edges(keys=True))
        self.defines = dict(graph.defines)
        self.requirements = list(graph.requirements)

    def same(self, other: GraphShape) -> bool:
        """True when ``other`` (taken later) is the same graph as far as the checks see."""
        return (len(self.elements) == len(other.elements)
                and all(a is b for a, b in zip(self.elements, other.elements, strict=True))
                and self.fields == other.fields and self.edges == other.edges
                and self.defines == other.defines and self.requirements == other.requirements)


def graph_shape(graph: RouterGraph) -> GraphShape:
    """The parts of ``graph`` Click's checks read or fill in (:class:`GraphShape`)."""
    return GraphShape(graph)


def run_passes(graph: RouterGraph, passes: list[Pass], ctx: PassContext,
               recheck: Callable[[RouterGraph, ErrorHandler], None],
               after: Callable[[RouterGraph, int, str], None] | None = None) -> None:
    """Run ``passes`` in order on ``graph``.

    recheck: ``recheck(graph, errh)`` re-runs Click's checks (raises ClickError after
    reporting); called after each pass with ``recheck=True`` when the graph is not the one
    the checks last saw (:func:`graph_shape`: the graph as it came in, or after the last
    recheck): an unchanged graph passed them already, and they were most of the time of a
    large configuration's passes.  A check failure after a pass is
    reported as ``internal error: pass NAME produced an invalid router`` followed by the
    messages, and raises ClickError.  after: ``after(graph, step, name)`` is called after each
    pass (step from 1; the driver's ``--dump-after``).  ``graph.facts.passes_run`` records
    the names run.
    """
    run_names = graph.facts.passes_run
    # the graph as Click's checks last left it (it comes in checked)
    checked = graph_shape(graph) if any(p.recheck for p in passes) else None
    for step, p in enumerate(passes, 1):
        before = ctx.errh.nerrors
        p.run(graph, ctx)
        if ctx.errh.nerrors > before:
            raise ClickError(ctx.errh)
        if p.recheck and checked is not None and not checked.same(graph_shape(graph)):
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
            checked = graph_shape(graph)
        run_names.append(p.name)
        if after is not None:
            after(graph, step, p.name)
