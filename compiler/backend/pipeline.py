"""From a configuration file to generated C: front end, checks and passes, then the backend.

``generate_c(config, defines, errh, opt)`` is what ``clickc``, ``clickc run`` and the tests
call.  Errors anywhere are collected in ``errh`` (``FILE:LINE: message``) and end the run with
:class:`~clickc.errors.ClickError` before any C is produced.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clickc.elements.spec import ElementSpec

from .. import __version__
from ..errors import ClickError, ErrorHandler
from ..ir import RouterGraph
from .batching import apply_batching
from .model import ProfileGen, RouterModel, build_model
from .params import classify
from .render import render_router
from .resources import elements_dir


@dataclass
class Frontend:
    """The parts of clickc the backend drives, looked up once (tests may substitute)."""

    parse_file: Callable[..., RouterGraph]
    parse_string: Callable[..., RouterGraph] | None
    registry: Any
    parse_args: Callable[..., dict[str, Any]] | None
    pushpull: Callable[..., Any] | None
    check: Callable[..., Any] | None = None
    report_unknown: bool = True


def _optional(module: str, attr: str) -> Any:
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    return getattr(mod, attr, None)


def default_frontend() -> Frontend:
    """The installed front end (``clickc.frontend``), element registry, argument parser
    (``clickc.args``) and push/pull inference (``clickc.passes.pushpull``)."""
    from clickc.elements import registry

    from .. import frontend

    fe_mod: Any = frontend  # parse_file(path, defines, errh, classes) -> RouterGraph
    return Frontend(
        parse_file=fe_mod.parse_file,
        parse_string=getattr(fe_mod, "parse_string", None),
        registry=registry,
        parse_args=_optional("clickc.args", "parse_args"),
        pushpull=_optional("clickc.passes.pushpull", "infer"),
        check=_optional("clickc.passes.check", "check_router"),
    )


#: How a configuration given as text (``-e EXPR``) is named in messages, as Click names it.
EXPR_NAME = "config"


def _parse(fe: Frontend, config: Path, defines: dict[str, str], errh: ErrorHandler,
           text: str | None = None, text_name: str = EXPR_NAME) -> RouterGraph | None:
    """The front end on ``config`` (or on ``text``, named ``text_name``); None (errors
    recorded in ``errh``) when it fails."""
    classes = set(fe.registry.class_names())
    try:
        if text is not None and fe.parse_string is not None:
            graph = fe.parse_string(text, text_name, defines, errh, classes, expand_vars=True)
        else:
            graph = fe.parse_file(str(config), defines, errh, classes, expand_vars=True)
    except ClickError:
        return None
    return None if errh.nerrors else graph


def check_and_bind(graph: RouterGraph, fe: Frontend, errh: ErrorHandler) -> None:
    """Click's checks before a router runs: classes, push/pull inference and port counts,
    configuration arguments (``clickc.passes.check.check_router``), filling ``Element.args``,
    ``input_kinds`` and ``output_kinds``.  Raises ClickError after reporting errors."""
    if fe.check is not None:
        fe.check(graph, errh, report_unknown=fe.report_unknown)
    else:
        if fe.pushpull is not None:
            fe.pushpull(graph, errh)
        if fe.parse_args is not None and not errh.nerrors:
            for e in graph.elements():
                spec: ElementSpec | None = fe.registry.get(e.class_name)
                if spec is None or spec.config != "args":
                    continue
                before = errh.nerrors
                args = fe.parse_args(spec, e.config, _ArgContext(graph, e), errh)
                if errh.nerrors == before:
                    e.args = args
    if errh.nerrors:
        raise ClickError(errh)
    _record_given(graph, fe)


def _record_given(graph: RouterGraph, fe: Frontend) -> None:
    """``Element.facts.args_given``: the arguments that appear in each configuration
    (``CONF_GIVEN``), when the checker did not record them (parsed values include defaults)."""
    from .params import arg_texts

    for e in graph.elements():
        if e.facts.args_given is not None:
            continue
        spec: ElementSpec | None = fe.registry.get(e.class_name)
        if spec is None or spec.config != "args":
            continue
        texts = arg_texts(spec, e.config)
        if texts is not None:
            e.facts.args_given = {k for k, t in texts.items() if t.strip()}


@dataclass
class PassOptions:
    """How to run the optimizing passes (``clickc.passes.manager``).

    nthreads: router threads (``-j N``).  batch: ``--batch N``.  names: an explicit
    ``--passes`` list (None: the -O level's pipeline).  dump: ``--dump-after`` (or None).
    profile: a loaded profile or None (set from ``profile_use`` by
    :func:`run_optimizing_passes`).  options: ``--pass-option NAME=VALUE`` settings.
    explain: filled with the passes' ``--explain`` lines after the run.
    profile_generate: ``--profile-generate``: the profile file the program writes (None: a
    plain router).  profile_use: ``--profile-use`` files (merged; see docs/profiles.md).
    """

    nthreads: int = 1
    batch: int = 0
    names: list[str] | None = None
    dump: Any = None
    profile: Any = None
    options: dict[str, str] = field(default_factory=dict)
    explain: list[str] = field(default_factory=list)
    profile_generate: str | None = None
    profile_use: list[str] = field(default_factory=list)


def _load_profiles(graph: RouterGraph, popts: PassOptions, errh: ErrorHandler) -> Any:
    """Load, merge and match the ``--profile-use`` files against ``graph``; None without
    any.  Errors (unreadable, another configuration) go to ``errh`` and raise ClickError."""
    from clickc.passes.profile import ProfileError, load_profile, match, merge

    if not popts.profile_use:
        return None
    try:
        prof = merge([load_profile(p) for p in popts.profile_use])
        m = match(prof, graph)
    except ProfileError as e:
        errh.error(None, str(e))
        raise ClickError(errh) from None
    how = "exact" if m.exact else (f"matched {len(m.matched)} elements by name; no "
                                   f"measurement for {len(m.unmatched)}")
    popts.explain.append(f"[profile] {prof.source}: {prof.runs} run(s), "
                         f"{prof.duration_ns / 1e9:.3f} s, {how}")
    return prof


def run_optimizing_passes(graph: RouterGraph, fe: Frontend, errh: ErrorHandler, opt: int,
                          popts: PassOptions) -> None:
    """The -O level's pipeline (or ``popts.names``) on a checked ``graph``; records
    ``graph.facts.nthreads`` and the explain lines in ``popts.explain``.  Raises ClickError
    after reporting (unknown pass, an unknown or malformed ``--pass-option``
    (:func:`clickc.passes.manager.parse_pass_options`), a pass's error, an invalid result)."""
    from clickc.passes import manager
    from clickc.passes.profile import fingerprint

    graph.facts.nthreads = max(1, popts.nthreads)
    graph.facts.fingerprint = fingerprint(graph)  # of the configuration, before passes
    if popts.profile_use and popts.profile is None:
        popts.profile = _load_profiles(graph, popts, errh)
    names = popts.names if popts.names is not None else manager.pipeline(opt)
    passes = manager.resolve(names, errh)
    options = manager.parse_pass_options(popts.options.items(), manager.registry().values(),
                                         errh)
    if errh.nerrors:
        raise ClickError(errh)
    ctx = manager.PassContext(registry=fe.registry, errh=errh, opt=opt,
                              nthreads=max(1, popts.nthreads), batch=popts.batch,
                              profile=popts.profile, options=options)
    ctx.explain.extend(popts.explain)

    def recheck(g: RouterGraph, eh: ErrorHandler) -> None:
        check_and_bind(g, fe, eh)

    try:
        manager.run_passes(graph, passes, ctx, recheck, popts.dump)
    finally:
        popts.explain[:] = ctx.explain


@dataclass
class _ArgContext:
    """What argument parsing may need besides the text: the router (ElementArg) and the
    element (its landmark for messages)."""

    graph: RouterGraph
    element: Any

    @property
    def landmark(self) -> Any:
        return self.element.landmark


def config_parameters(graph: RouterGraph, defines: dict[str, str]) -> dict[str, str]:
    """Every parameter of the router: the configuration's ``define``s (when the front end
    records them in ``graph.defines``) overridden by command-line ``NAME=VALUE``."""
    params: dict[str, str] = {}
    recorded = getattr(graph, "defines", None)
    if isinstance(recorded, dict):
        for k, v in recorded.items():
            params[str(k).lstrip("$")] = str(v)
    params.update(defines)
    return params


def build_router_model(config: Path, defines: dict[str, str], errh: ErrorHandler, *,
                       opt: int = 2, fe: Frontend | None = None,
                       display_name: str | None = None,
                       text: str | None = None, text_name: str = EXPR_NAME,
                       passes: PassOptions | None = None) -> RouterModel:
    """Parse, check and bind ``config`` and build the render model (parameters classified).

    opt: the -O level (0-3); it selects the optimizing passes' pipeline
    (``clickc.passes.manager.PIPELINES``), which ``passes`` may override (``--passes``) and
    which also gets the thread count (``-j``).  display_name: how the configuration is named
    in the generated code (default: the path as given), so output does not depend on the
    working directory.
    text: the configuration itself (``-e EXPR``, standard input) instead of the file
    ``config``, named ``text_name`` in messages (Click's ``config`` and ``<stdin>``).
    Raises ClickError after reporting every error.
    """
    fe = fe or default_frontend()
    graph = _parse(fe, config, defines, errh, text, text_name)
    if graph is None:
        raise ClickError(errh)
    check_and_bind(graph, fe, errh)
    popts = passes or PassOptions()
    run_optimizing_passes(graph, fe, errh, opt, popts)
    name = display_name if display_name is not None else (
        text_name if text is not None else str(config))
    model = build_model(graph, fe.registry, errh, config_file=name, version=__version__,
                        elements_root=elements_dir())
    apply_batching(model, graph.facts.batch_regions)
    if popts.profile_generate:
        model.profile = ProfileGen(popts.profile_generate, str(graph.facts.fingerprint))

    def reparse(d: dict[str, str]) -> RouterGraph | None:
        return _parse(fe, config, d, ErrorHandler(), text, text_name)

    classify(model, graph, config_parameters(graph, defines), fe.registry.get, reparse)
    return model


def generate_c(config: Path, defines: dict[str, str], errh: ErrorHandler, *, opt: int = 2,
               fe: Frontend | None = None, display_name: str | None = None,
               text: str | None = None, text_name: str = EXPR_NAME,
               passes: PassOptions | None = None) -> str:
    """The generated C11 router for ``config`` (see :func:`build_router_model`)."""
    return render_router(build_router_model(config, defines, errh, opt=opt, fe=fe,
                                            display_name=display_name, text=text,
                                            text_name=text_name, passes=passes))
