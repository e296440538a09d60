"""The compile driver: one configuration object and six typed stages.

Every sub-command that reads a configuration goes through here (docs/architecture.md, "The
driver").  The command line becomes one frozen :class:`CompileOptions`; the stages are

==========  =======================================  ====================================
stage       input -> output                          what
==========  =======================================  ====================================
parse       :class:`Source` -> :class:`Parsed`       read the text once, flatten it
check       :class:`Parsed` -> :class:`Checked`      Click's checks (ports, arguments)
passes      :class:`Checked` -> :class:`Optimized`   the -O level's pipeline (passes/)
model       :class:`Optimized` -> RouterModel        the render model, parameters split
render      RouterModel -> str                       the C translation unit
build       str -> Path                              the C compiler (backend/cc.py)
==========  =======================================  ====================================

:func:`compile_config` runs a prefix of them (:class:`Stage`): ``clickc compile --emit flat``
stops after the passes, ``--emit c`` after render, ``clickc compile`` and ``clickc run``
build.  Errors are collected in an :class:`~clickc.errors.ErrorHandler` and end a stage with
:class:`~clickc.errors.ClickError`; a failing C compiler raises
:class:`~clickc.backend.cc.CompileError`.

The text is parsed once per command: :class:`Parsed` keeps Click's unflattened router, and the
run-time parameter split (docs/backend.md) flattens copies of it with probe values instead of
reading the text again.
"""

from __future__ import annotations

import enum
import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

from clickc.elements import registry
from clickc.elements.spec import ElementSpec
from clickc.passes import manager
from clickc.passes.check import add_suggestions, check_router
from clickc.passes.profile import Profile, ProfileError, fingerprint, load_profile, match, merge

from . import __version__
from .backend.batching import apply_batching
from .backend.cc import BuildOptions, build_program, merge_pgo_profiles
from .backend.model import ProfileGen, RouterModel, build_model
from .backend.params import arg_texts, classify
from .backend.render import render_router, render_router_chunks
from .backend.resources import elements_dir
from .draw import to_dot
from .errors import ClickError, ErrorHandler
from .frontend import ParsedConfig, gc_paused, parse_file, read_config, read_file
from .frontend.cmdline import Source
from .frontend.unparse import unparse, unparse_driver
from .ir import RouterGraph

Emit = Literal["program", "c", "flat"]

#: ``--pass-option`` names may be dotted (``placement.strategy``: the pass, then the setting).
_OPTION_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_.]*)=(.*)$", re.S)
#: ``--adapt[=EPOCH_MS,THRESHOLD]`` (either part may be left out).
_ADAPT_RE = re.compile(r"^(?:[1-9][0-9]{0,4})?(?:,(?:0?\.[0-9]*[1-9][0-9]*))?$")


def _opt(default: Any, *, key: bool = True, build: bool = False, files: bool = False) -> Any:
    """A :class:`CompileOptions` field.  key: it changes the compiled program (part of
    :meth:`CompileOptions.key`); build: it reaches the C compiler (part of
    :meth:`CompileOptions.build_key`); files: its values name files whose contents count."""
    return field(default=default, metadata={"key": key, "build": build, "files": files})


@dataclass(frozen=True)
class CompileOptions:
    """Everything the command line sets for a compilation (docs/cli.md).

    params: command-line ``NAME=VALUE`` parameters, in order.  opt: the -O level (0-3): the
    passes' pipeline and the C flags.  threads: ``-j N``.  batch: ``--batch N`` (None: the
    compiler decides per region at -O2 and above, docs/batching.md).  passes:
    ``--passes`` (None: the -O level's pipeline).  pass_options: ``--pass-option`` words as
    given.  adapt: ``--adapt``'s value ("" when bare; None: off).  profile_generate,
    profile_use, pgo: docs/profiles.md.  dump_after, dump_dir: ``--dump-after``.  explain:
    ``--explain``.  cc, march_native, cflags, ldflags (each word one flag-string as given),
    build_jobs: the C compiler.  display_name: how the configuration is named in the generated
    code (None: as given).  emit, output: what to write, where.  driver_elements: declarations
    the driver adds after the configuration's text (``clickc run -p/-u/--socket``: Click's
    driver adds ControlSockets so).
    """

    params: tuple[tuple[str, str], ...] = _opt(())
    opt: int = _opt(2, build=True)
    threads: int = _opt(1)
    batch: int | None = _opt(None)
    passes: tuple[str, ...] | None = _opt(None)
    pass_options: tuple[str, ...] = _opt(())
    adapt: str | None = _opt(None, build=True)
    profile_generate: str | None = _opt(None, build=True)
    profile_use: tuple[str, ...] = _opt((), build=True, files=True)
    pgo: bool = _opt(False, build=True)
    dump_after: tuple[str, ...] = _opt((), key=False)
    dump_dir: str = _opt("clickc-dump", key=False)
    explain: bool = _opt(False, key=False)
    cc: str | None = _opt(None, build=True)
    march_native: bool = _opt(False, build=True)
    cflags: tuple[str, ...] = _opt((), build=True)
    ldflags: tuple[str, ...] = _opt((), build=True)
    build_jobs: int = _opt(0, key=False)
    display_name: str | None = _opt(None)
    emit: Emit = _opt("program", key=False)
    output: str | None = _opt(None, key=False)
    driver_elements: str = _opt("")

    @property
    def defines(self) -> dict[str, str]:
        """``params`` as a dict (a later value of a name wins)."""
        return dict(self.params)

    def key(self) -> dict[str, Any]:
        """The fields that change the compiled program, name -> value (JSON-ready; files
        named by ``files`` fields as ``[name, SHA-256 of contents]``), with the environment's
        ``CLICKC_CFLAGS``/``CLICKC_LDFLAGS``."""
        return self._fields("key")

    def build_key(self) -> dict[str, Any]:
        """The fields that reach the C compiler (a subset of :meth:`key`)."""
        return self._fields("build")

    def _fields(self, which: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            if not f.metadata[which]:
                continue
            v = getattr(self, f.name)
            if f.name == "params":
                v = sorted(self.defines.items())
            elif f.metadata["files"]:
                v = [[p, _file_digest(p)] for p in v]
            out[f.name] = v
        out["env_cflags"] = os.environ.get("CLICKC_CFLAGS", "")
        out["env_ldflags"] = os.environ.get("CLICKC_LDFLAGS", "")
        return out


def _file_digest(path: str) -> str:
    """SHA-256 of a file's bytes ("" when unreadable: the build then reports the error)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def validate(options: CompileOptions, errh: ErrorHandler) -> None:
    """Report malformed options to ``errh``: a ``--pass-option`` that is not NAME=VALUE, a
    negative ``--batch``, a malformed ``--adapt``."""
    for item in options.pass_options:
        if _OPTION_RE.match(item) is None:
            errh.error(None, f"--pass-option '{item}': expected NAME=VALUE")
    if options.batch is not None and options.batch < 0:
        errh.error(None, "--batch must be 0 or more")
    if options.adapt is not None and not _ADAPT_RE.match(options.adapt):
        errh.error(None, f"--adapt={options.adapt}: expected EPOCH_MS,THRESHOLD (whole "
                         "milliseconds from 1, a threshold between 0 and 1, e.g. "
                         "--adapt=10,0.25); a bare --adapt takes the next word as its value "
                         "unless another option follows it")


def pass_settings(options: CompileOptions) -> dict[str, str]:
    """The passes' settings: ``--pass-option NAME=VALUE`` (malformed ones left out, see
    :func:`validate`; a later one wins), and ``placement.adapt=1`` under ``--adapt``."""
    out: dict[str, str] = {}
    for item in options.pass_options:
        m = _OPTION_RE.match(item)
        if m is not None:
            out[m.group(1)] = m.group(2)
    if options.adapt is not None:
        out.setdefault("placement.adapt", "1")
    return out


# -- parse ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Parsed:
    """A flat configuration and what it was made from.

    source: where the text came from.  config: the text, read once.  defines: the
    command-line parameters it was flattened with.  graph: the flat router.  tools: flattened
    as Click's tools do (undeclared names are classes, ``expand_vars`` chosen) rather than as
    Click's driver (known classes, variables expanded).
    """

    source: Source
    config: ParsedConfig
    defines: dict[str, str]
    graph: RouterGraph
    tools: bool = False
    expand_vars: bool = True

    def redefine(self, defines: dict[str, str], errh: ErrorHandler) -> Parsed:
        """The same text flattened with other command-line parameters (not read again).
        Raises ClickError after reporting errors to ``errh``; RuntimeError for a configuration
        without any parameter (:func:`parse` flattened the read router itself: nothing could
        change)."""
        graph = self.config.flatten(defines, errh, expand_vars=self.expand_vars)
        return Parsed(self.source, self.config, dict(defines), graph, self.tools,
                      self.expand_vars)


def parse(source: Source, defines: dict[str, str], errh: ErrorHandler, *,
          tools: bool = False, expand_vars: bool | None = None,
          driver_elements: str = "") -> Parsed:
    """Stage 1: read ``source`` and flatten it with the command-line ``defines``.

    By default as Click's driver reads a router: every class must be known (clickc's element
    specs) and global parameters are substituted into configuration strings.  tools: as Click's
    tools (click-flatten): an undeclared name is an element of the class of that name, and
    parameters stay ``$NAME`` unless ``expand_vars``.  driver_elements: declarations appended to
    the text on a line of their own (CompileOptions.driver_elements).  Raises ClickError after
    reporting every error (an unreadable file: ``PATH: reason``).
    """
    expand = (not tools) if expand_vars is None else expand_vars
    if source.text is not None:
        text, name = source.text, source.name
    else:
        text, name = read_file(source.path or "-", errh)
    if driver_elements:
        text = f"{text}\n{driver_elements}"
    classes = None if tools else set(registry.class_names())
    config = read_config(text, name, errh, classes)
    # without parameters nothing flattens the text again (no probes, no redefinition)
    graph = config.flatten(defines, errh, expand_vars=expand,
                           last=not (defines or config.file_defines))
    return Parsed(source, config, dict(defines), graph, tools, expand)


# -- check ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Checked:
    """A configuration that passed Click's checks: ``Element.args``, ``input_kinds`` and
    ``output_kinds`` are filled (and ``facts.args_given`` when configured)."""

    parsed: Parsed

    @property
    def graph(self) -> RouterGraph:
        return self.parsed.graph


def check(parsed: Parsed, errh: ErrorHandler, *, configure: bool = True,
          driver: bool = True) -> Checked:
    """Stage 2: Click's checks on ``parsed.graph`` (:func:`check_graph`).  Raises ClickError
    after reporting errors."""
    check_graph(parsed.graph, errh, configure=configure, driver=driver)
    return Checked(parsed)


def check_graph(graph: RouterGraph, errh: ErrorHandler, *, configure: bool = True,
                driver: bool = True) -> None:
    """Click's checks before a router runs (``clickc.passes.check.check_router``): classes,
    push/pull inference and port counts, and with ``configure`` the configuration arguments,
    filling ``Element.args``, ``input_kinds``, ``output_kinds`` and ``facts.args_given``.
    driver: errors in the words of Click's driver (``click``); False: ``click-check``'s.
    Raises ClickError after reporting errors (docs/checking.md)."""
    check_router(graph, errh, configure=configure, driver=driver)
    if errh.nerrors:
        raise ClickError(errh)
    if configure:
        _record_given(graph)


def _record_given(graph: RouterGraph) -> None:
    """``Element.facts.args_given``: the arguments that appear in each configuration
    (``CONF_GIVEN``), when the checker did not record them (parsed values include defaults)."""
    for e in graph.elements():
        if e.facts.args_given is not None:
            continue
        spec: ElementSpec | None = registry.get(e.class_name)
        if spec is None or spec.config != "args":
            continue
        texts = arg_texts(spec, e.config)
        if texts is not None:
            e.facts.args_given = {k for k, t in texts.items() if t.strip()}


# -- passes -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Optimized:
    """A checked configuration after the optimizing passes (``graph.facts.nthreads``,
    ``fingerprint`` and ``passes_run`` recorded).  profile: the profile the passes
    used (``--profile-use``), or None."""

    checked: Checked
    profile: Profile | None = None

    @property
    def graph(self) -> RouterGraph:
        return self.checked.graph


def optimize(checked: Checked, options: CompileOptions, errh: ErrorHandler,
             explain: list[str], *, profile: Profile | None = None) -> Optimized:
    """Stage 3: the -O level's pipeline (or ``options.passes``) on ``checked.graph``
    (:func:`optimize_graph`).  Raises ClickError after reporting."""
    return Optimized(checked, optimize_graph(checked.graph, options, errh, explain,
                                             profile=profile))


def optimize_graph(graph: RouterGraph, options: CompileOptions, errh: ErrorHandler,
                   explain: list[str], *, profile: Profile | None = None) -> Profile | None:
    """The optimizing passes on a checked ``graph``: the -O level's pipeline (or
    ``options.passes``) with ``options.threads`` router threads, ``--batch``, the pass settings
    and ``--dump-after``.  Returns the profile the passes used.

    profile: a loaded profile to use instead of loading ``options.profile_use`` (tests).
    ``explain`` receives the passes' ``--explain`` lines, also when a pass fails.  Raises
    ClickError after reporting (unknown pass, unreadable or foreign profile, a pass's error, a
    pass leaving an invalid router)."""
    nthreads = max(1, options.threads)
    graph.facts.nthreads = nthreads
    graph.facts.fingerprint = fingerprint(graph)  # of the configuration, before passes
    if profile is None and options.profile_use:
        profile = _load_profiles(graph, options.profile_use, errh, explain)
    names = list(options.passes) if options.passes is not None else manager.pipeline(
        options.opt)
    passes = manager.resolve(names, errh)
    settings = manager.parse_pass_options(pass_settings(options).items(),
                                          manager.registry().values(), errh)
    if errh.nerrors:
        raise ClickError(errh)
    ctx = manager.PassContext(registry=registry, errh=errh, opt=options.opt,
                              nthreads=nthreads, batch=options.batch, profile=profile,
                              options=settings)
    ctx.explain.extend(explain)
    dump = (DumpAfter(frozenset(options.dump_after), Path(options.dump_dir))
            if options.dump_after else None)
    try:
        manager.run_passes(graph, passes, ctx, check_graph, dump)
    finally:
        explain[:] = ctx.explain
    return profile


@dataclass(frozen=True)
class DumpAfter:
    """``--dump-after``: after which passes (``all`` = every pass) to write the graph, and the
    directory.  Files: ``NN-PASS.click`` (flat Click, ``clickc flatten``'s format) and
    ``NN-PASS.dot`` (Graphviz, threads as colours).  Called by the pass manager after each
    pass (:func:`clickc.passes.manager.run_passes`)."""

    after: frozenset[str]
    directory: Path

    def __call__(self, graph: RouterGraph, step: int, name: str) -> None:
        if "all" not in self.after and name not in self.after:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        stem = self.directory / f"{step:02d}-{name}"
        stem.with_suffix(".click").write_text(unparse(graph), encoding="utf-8")
        stem.with_suffix(".dot").write_text(to_dot(graph, title=f"after {name}"),
                                            encoding="utf-8")


def check_file(path: str, defines: dict[str, str], errh: ErrorHandler, *,
               configure: bool = True) -> RouterGraph | None:
    """Read, flatten and check the configuration file ``path`` (what ``clickc check`` does).

    Global ``define``s and ``defines`` (command-line ``NAME=VALUE``) are substituted into
    configuration strings first, as Click's driver does.  Returns the checked graph (push/pull
    resolved, ``Element.args`` filled), or None when the file could not be read or flattened;
    every problem is reported to ``errh``, unknown classes with a "did you mean" hint.
    With ``configure`` (``clickc check``) port and connection errors are those of Click's driver
    (``click``); without it (``clickc check --no-configure``) those of ``click-check``.
    """
    try:
        graph: RouterGraph = parse_file(path, defines, errh, registry.class_names(),
                                        expand_vars=True)
    except ClickError as ex:
        if ex.errh is not errh:
            errh.diagnostics.extend(ex.errh.diagnostics)
            errh.nerrors += ex.errh.nerrors
        add_suggestions(errh)
        return None
    if errh.nerrors:
        add_suggestions(errh)
        return None
    check_router(graph, errh, configure=configure, driver=configure)
    return graph


def _load_profiles(graph: RouterGraph, files: tuple[str, ...], errh: ErrorHandler,
                   explain: list[str]) -> Profile:
    """Load, merge and match the ``--profile-use`` files against ``graph`` (one explain
    line).  Errors (unreadable, another configuration) go to ``errh`` and raise ClickError."""
    try:
        prof = merge([load_profile(p) for p in files])
        m = match(prof, graph)
    except ProfileError as e:
        errh.error(None, str(e))
        raise ClickError(errh) from None
    how = "exact" if m.exact else (f"matched {len(m.matched)} elements by name; no "
                                   f"measurement for {len(m.unmatched)}")
    explain.append(f"[profile] {prof.source}: {prof.runs} run(s), "
                   f"{prof.duration_ns / 1e9:.3f} s, {how}")
    return prof


# -- model, render ----------------------------------------------------------------------------

def model(optimized: Optimized, options: CompileOptions, errh: ErrorHandler) -> RouterModel:
    """Stage 4: the render model (compiler/backend/model.py) of ``optimized.graph``, with
    ``--batch`` regions applied, ``--profile-generate`` recorded, and every parameter
    classified as run-time or compile-time (compiler/backend/params.py; its probes flatten the
    already-read text).  Raises ClickError after reporting (an element without C code)."""
    graph = optimized.graph
    parsed = optimized.checked.parsed
    name = options.display_name if options.display_name is not None else (
        parsed.source.display_name)
    m = build_model(graph, registry, errh, config_file=name, version=__version__,
                    elements_root=elements_dir())
    # the global `config`/`flatconfig` handlers: the text `clickc run -o` writes
    m.flat_config = unparse_driver(parsed.graph)
    apply_batching(m, graph.facts.batch_regions)
    if options.profile_generate:
        m.profile = ProfileGen(options.profile_generate, str(graph.facts.fingerprint))

    def probe(defines: dict[str, str]) -> RouterGraph | None:
        try:
            return parsed.redefine(defines, ErrorHandler()).graph
        except ClickError:
            return None

    classify(m, graph, config_parameters(graph, parsed.defines), registry.get, probe)
    return m


def config_parameters(graph: RouterGraph, defines: dict[str, str]) -> dict[str, str]:
    """Every parameter of the router: the configuration's ``define``s (``graph.defines``)
    overridden by command-line ``NAME=VALUE``."""
    params = {str(k).lstrip("$"): str(v) for k, v in graph.defines.items()}
    params.update(defines)
    return params


def render(m: RouterModel) -> str:
    """Stage 5: the C11 translation unit of the router (compiler/backend/templates)."""
    with gc_paused():
        return render_router(m)


def render_to(m: RouterModel, write: Callable[[str], object]) -> None:
    """Stage 5 written as it is made: :func:`render`'s text passed to ``write`` in
    consecutive pieces of a few megabytes (``--emit c``: a large router's C, some 2.7 kB an
    element, is never whole in memory; docs/reliability.md)."""
    with gc_paused():
        for chunk in render_router_chunks(m):
            write(chunk)


# -- build ------------------------------------------------------------------------------------

def build_options(options: CompileOptions, cache_dir: Path | None) -> BuildOptions:
    """The C compiler's settings (compiler/backend/cc.py): -O level, ``--cc``,
    ``--march-native``, ``--cflags``/``--ldflags`` (split at white space), ``--build-jobs``,
    the object cache ``cache_dir``, ``--adapt`` (``-DCK_ADAPT_SPEC``, read by runtime/main.c)
    and ``--pgo`` (with ``--profile-use``: every ``FILE.profraw`` merged).  Raises
    CompileError (a missing raw profile, no llvm-profdata)."""
    opts = BuildOptions(
        cc=options.cc, opt=options.opt, march_native=options.march_native,
        extra_cflags=[f for s in options.cflags for f in s.split()],
        extra_ldflags=[f for s in options.ldflags for f in s.split()],
        jobs=options.build_jobs, cache_dir=cache_dir,
        pgo_generate=(str(Path(options.profile_generate).resolve()) + ".profraw"
                      if options.pgo and options.profile_generate else None),
    )
    if options.adapt is not None:
        opts.extra_cflags.append(f'-DCK_ADAPT_SPEC="{options.adapt}"')
    if options.pgo and options.profile_use:
        opts.pgo_use = merge_pgo_profiles([Path(f + ".profraw") for f in options.profile_use],
                                          cache_dir)
    return opts


def build(c_text: str, output: Path, opts: BuildOptions) -> Path:
    """Stage 6: compile ``c_text`` with the runtime into the program ``output``; returns it.
    Raises CompileError with the compiler's messages."""
    build_program(c_text, output, opts)
    return output


# -- the driver -------------------------------------------------------------------------------

class Stage(enum.IntEnum):
    """The stages in order; :func:`compile_config` stops after the one it is given."""

    PARSE = 1
    CHECK = 2
    PASSES = 3
    MODEL = 4
    RENDER = 5
    BUILD = 6


@dataclass
class Compilation:
    """What :func:`compile_config` produced, stage by stage (None: stage not run)."""

    parsed: Parsed | None = None
    optimized: Optimized | None = None
    model: RouterModel | None = None
    c_text: str | None = None
    program: Path | None = None


def compile_config(source: Source | Parsed, options: CompileOptions, errh: ErrorHandler, *,
                   until: Stage = Stage.RENDER, explain: list[str] | None = None,
                   build_opts: BuildOptions | None = None,
                   profile: Profile | None = None) -> Compilation:
    """Run the stages from parse (skipped when ``source`` is already :class:`Parsed`) up to
    and including ``until``.

    explain: receives the passes' ``--explain`` lines (also on failure).  build_opts: the C
    compiler's settings for :attr:`Stage.BUILD` (default :func:`build_options` without a
    cache); the program goes to ``options.output``.  profile: see :func:`optimize`.  Raises
    ClickError after reporting configuration errors, CompileError when the C compiler fails.
    """
    out = Compilation()
    explain = explain if explain is not None else []
    parsed = source if isinstance(source, Parsed) else parse(
        source, options.defines, errh, driver_elements=options.driver_elements)
    out.parsed = parsed
    if until <= Stage.PARSE:
        return out
    # the thread count is known before the checks: configuring an element may read it
    # (a rewriter's ELEM(router_threads)); the passes used to learn it only when one of them
    # made the checks run again
    parsed.graph.facts.nthreads = max(1, options.threads)
    checked = check(parsed, errh)
    if until <= Stage.CHECK:
        return out
    # the passes and the model allocate per element and free little: the collector's full
    # collections would walk the whole router again and again (docs/reliability.md)
    with gc_paused():
        out.optimized = optimize(checked, options, errh, explain, profile=profile)
    if until <= Stage.PASSES:
        return out
    with gc_paused():
        out.model = model(out.optimized, options, errh)
    if until <= Stage.MODEL:
        return out
    out.c_text = render(out.model)
    if until <= Stage.RENDER:
        return out
    if options.output is None:
        raise ValueError("compile_config: options.output names no program")
    bopts = build_opts if build_opts is not None else build_options(options, None)
    out.program = build(out.c_text, Path(options.output), bopts)
    return out


def generate_c(source: Source | Path | str, options: CompileOptions | None = None,
               errh: ErrorHandler | None = None, *, explain: list[str] | None = None,
               profile: Profile | None = None) -> str:
    """The generated C of a configuration file (a path) or :class:`Source`: the stages parse
    through render.  ``explain``, ``profile``: as for :func:`compile_config`.  Raises
    ClickError after reporting errors to ``errh``."""
    c = _run(source, options, errh, Stage.RENDER, explain, profile).c_text
    assert c is not None
    return c


def router_model(source: Source | Path | str, options: CompileOptions | None = None,
                 errh: ErrorHandler | None = None, *, explain: list[str] | None = None,
                 profile: Profile | None = None) -> RouterModel:
    """The render model of a configuration file (a path) or :class:`Source`: the stages parse
    through model.  ``explain``, ``profile``: as for :func:`compile_config`.  Raises
    ClickError after reporting errors to ``errh``."""
    m = _run(source, options, errh, Stage.MODEL, explain, profile).model
    assert m is not None
    return m


def _run(source: Source | Path | str, options: CompileOptions | None,
         errh: ErrorHandler | None, until: Stage, explain: list[str] | None,
         profile: Profile | None) -> Compilation:
    src = source if isinstance(source, Source) else Source(path=str(source))
    return compile_config(src, options or CompileOptions(),
                          errh if errh is not None else ErrorHandler(), until=until,
                          explain=explain, profile=profile)
