"""``clickc run CONFIG [NAME=VALUE ...] [-h ELEM.HANDLER ...] [-q] [--stats[=FILE]] ...``.

A drop-in for Click's ``click`` command on the elements clickc implements: compile the router
(cached) and run it.  The cache key is a hash of the configuration text (and the files it
``require``s), the compile options (``clickc.driver.CompileOptions.key``: parameters, passes,
build options) and clickc itself (its version and the text of its compiler, runtime and
element sources), so an edit to any of them rebuilds.  The cache lives in
``$XDG_CACHE_HOME/clickc`` (``~/.cache/clickc``); ``--no-cache`` builds in a temporary
directory.

Every option of Click's userlevel driver is accepted (docs/cli.md, "Click's driver options"):
most are handed to the compiled program, ``-o`` writes the flat configuration as Click's
driver does, ``-p``/``-u``/``--socket`` add ControlSockets to the configuration as Click's
driver adds them, ``-R`` builds a router that can be reconfigured while it runs
(compiler/commands/reload.py, docs/reconfiguration.md).

Runs that differ only in run-time parameters (see docs/backend.md: file names, limits...)
share one program: the cache keeps, per invocation key, the program to run and the
``NAME=VALUE`` arguments to give it, and names programs by a hash of their C text.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from clickc.elements.registry import element_path
from clickc.passes.manager import list_passes

from .. import __version__
from ..backend.cc import BuildOptions, CompileError, default_cache_dir
from ..backend.model import RouterModel
from ..backend.resources import package_dir
from ..driver import (
    CompileOptions,
    Parsed,
    build,
    build_options,
    check,
    compile_config,
    model,
    optimize,
    parse,
    render,
    validate,
)
from ..errors import ClickError, ErrorHandler
from ..frontend.cmdline import Source, parse_definition, parse_definitions
from ..frontend.unparse import unparse_driver
from .compile import EQUALS_ONLY as BUILD_EQUALS_ONLY
from .compile import add_build_options, compile_options
from .reload import run_hot

INTERMIXED = True  # options may come between CONFIG and NAME=VALUE
#: Options whose value may only follow '=' (Click's optional values): alone they take this value,
#: so the next word stays the configuration (clickc.cli).  "" means the program's default.
#: The build options' own (compile.EQUALS_ONLY) included.
EQUALS_ONLY = {**BUILD_EQUALS_ONLY, "--simtime": "", "--simulation-time": "", "-a": "",
               "--affinity": "", "--cpu": ""}
NAME = "run"
HELP = "compile a configuration (cached) and run it, like Click's 'click' command"

_REQUIRE_RE = re.compile(r"\brequire\s*\(([^)]*)\)", re.S)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.conflict_handler = "resolve"  # -h is Click's --handler; --help stays
    p.add_argument("config", nargs="?", metavar="CONFIG",
                   help="the Click configuration (.click file; standard input when absent)")
    p.add_argument("params", nargs="*", metavar="NAME=VALUE",
                   help="configuration parameters ($NAME in the configuration)")
    p.add_argument("-f", "--file", dest="file", metavar="FILE",
                   help="read the configuration from FILE (as click -f)")
    p.add_argument("-e", "--expression", dest="expr", metavar="EXPR",
                   help="use EXPR as the configuration (as click -e)")
    click = p.add_argument_group("Click's options")  # created after "resolve": takes it
    click.add_argument("-h", "--handler", action="append", default=[], metavar="ELEM.HANDLER",
                       help="print the value of a read handler when the router stops (repeatable)")
    click_flags = p.add_argument_group("more of Click's options")
    click_flags.add_argument("-q", "--quit", action="store_true",
                             help="initialize the router, do not run it (as click -q)")
    click_flags.add_argument("-x", "--exit-handler", metavar="ELEM.HANDLER",
                             help="use the handler's value as the exit status (as click -x)")
    click_flags.add_argument("-t", "--time", action="store_true",
                             help="print how long the driver ran (as click -t)")
    click_flags.add_argument("-w", "--no-warnings", action="store_true",
                             help="do not print warnings (as click -w)")
    click_flags.add_argument("--warnings", dest="no_warnings", action="store_false",
                             help="print warnings (the default; as click --warnings)")
    click_flags.add_argument("-o", "--output", dest="flat_output", metavar="FILE",
                             help="write the flat configuration to FILE ('-': standard output) "
                                  "as click -o writes it")
    click_flags.add_argument("--simtime", "--simulation-time", dest="simtime", metavar="START",
                             help="run in simulated time from second START (written --simtime="
                                  "START; default 1000000000, as click --simtime)")
    click_flags.add_argument("-a", "--affinity", "--cpu", dest="affinity", metavar="N",
                             help="pin threads to CPUs from the N-th (written -aN or "
                                  "--affinity=N; default 0)")
    click_flags.add_argument("--no-affinity", "--no-cpu", dest="affinity", action="store_const",
                             const="off", help="never pin threads to CPUs")
    click_flags.add_argument("-p", "--port", action="append", default=[], metavar="PORT",
                             help="add a ControlSocket on TCP port PORT (PORT+: the first free "
                                  "port from PORT), as click -p")
    click_flags.add_argument("-u", "--unix-socket", action="append", default=[],
                             metavar="FILE", help="add a ControlSocket on the UNIX socket FILE")
    click_flags.add_argument("--socket", action="append", default=[], type=int, metavar="FD",
                             help="add a ControlSocket on the open file descriptor FD")
    click_flags.add_argument("-C", "--clickpath", metavar="PATH",
                             help="search PATH for require(library ...) files instead of "
                                  "$CLICKPATH")
    click_flags.add_argument("-R", "--allow-reconfigure", action="store_true",
                             help="provide a writable 'hotconfig' handler: the router can be "
                                  "reconfigured while it runs (clickc reload; "
                                  "docs/reconfiguration.md)")
    click_flags.add_argument("--no-allow-reconfigure", dest="allow_reconfigure",
                             action="store_false", help=argparse.SUPPRESS)
    click_flags.add_argument("-v", "--version", action="store_true",
                             help="print clickc's version and exit")
    click_flags.add_argument("--dpdk", dest="dpdk", metavar="ARGS --",
                             help="DPDK EAL arguments up to '--' (handed to the program)")
    p.add_argument("--stats", nargs="?", const="-", default=None, metavar="FILE",
                   help="write statistics as JSON (to FILE, or standard output)")
    p.add_argument("--no-cache", action="store_true", help="do not use or fill the cache")
    p.add_argument("--print-program", action="store_true",
                   help="print the path of the compiled program instead of running it")
    add_build_options(p)


@lru_cache(maxsize=1)
def clickc_fingerprint() -> str:
    """A hash of clickc itself: version, and every source file of the packages that decide
    what a router becomes (compiler, passes, elements, runtime, templates, and the
    ``CLICKC_ELEMENT_PATH`` directories)."""
    h = hashlib.sha256(__version__.encode())
    roots: list[tuple[str, Path]] = []
    for pkg in ("clickc", "clickc.passes", "clickc.elements", "clickc.runtime"):
        try:
            roots.append((pkg, package_dir(pkg)))
        except (RuntimeError, ModuleNotFoundError):
            continue
    # element classes from CLICKC_ELEMENT_PATH (docs/adding-an-element.md) decide it too
    roots += [(str(d), d) for d in element_path()]
    for pkg, root in roots:
        for f in sorted(root.rglob("*")):
            if f.suffix in (".py", ".c", ".h", ".j2") and "__pycache__" not in f.parts:
                h.update(f"{pkg}/{f.relative_to(root).as_posix()}".encode() + b"\0")
                try:
                    h.update(f.read_bytes())
                except OSError:  # removed meanwhile (an editor's temporary file)
                    h.update(b"\0missing")
    return h.hexdigest()


def _required_files(config: Path, text: str) -> list[Path]:
    """Files named by ``require(library FILE)`` in the configuration, relative to it."""
    out = []
    for m in _REQUIRE_RE.finditer(text):
        for item in m.group(1).split(","):
            words = item.split()
            if len(words) == 2 and words[0] == "library":
                f = (config.parent / words[1].strip("\"'")).resolve()
                if f.is_file():
                    out.append(f)
    return out


def cache_key(source: Source, options: CompileOptions) -> str:
    """The content hash naming a compiled router in the cache (see the module docstring)."""
    if source.text is not None:
        name, text = "<expr>", source.text.encode()
        config = Path(".")
    else:
        config = Path(source.path or ".")
        name, text = str(config.resolve()), config.read_bytes()
    h = hashlib.sha256()
    h.update(json.dumps({"config": name, **options.key(), "clickc": clickc_fingerprint()},
                        sort_keys=True).encode())
    h.update(text)
    h.update(os.environ.get("CLICKPATH", "").encode() + b"\0")
    for f in _required_files(config, text.decode("utf-8", "replace")):
        h.update(str(f).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:32]


def preparse(argv: list[str]) -> list[str]:
    """``--dpdk ARGS... --`` as one word ``--dpdk=JSON`` (the words up to ``--``), so that the
    EAL arguments (which start with ``-``) pass argparse; clickc.cli calls it first."""
    if "--dpdk" not in argv:
        return argv
    i = argv.index("--dpdk")
    end = argv.index("--", i) if "--" in argv[i:] else len(argv)
    return [*argv[:i], "--dpdk=" + json.dumps(argv[i + 1:end]), *argv[end + 1:]]


def driver_elements(args: argparse.Namespace) -> str:
    """The ControlSockets ``-p``, ``-u`` and ``--socket`` add, named and configured as Click's
    driver adds them (``click_driver@@ControlSocket``, then ``@1``, ``@2``...)."""
    configs = ([f"TCP, {p}" for p in args.port] + [f"UNIX, {u}" for u in args.unix_socket]
               + [f"SOCKET, {fd}" for fd in args.socket])
    return "".join(f"click_driver@@ControlSocket{'' if i == 0 else f'@{i}'} :: "
                   f"ControlSocket({c});\n" for i, c in enumerate(configs))


def write_flat(source: Source, options: CompileOptions, output: str) -> int:
    """``-o FILE``: the flat configuration as Click's driver writes it (``-``: standard
    output).  Returns 0, or 1 after printing why FILE could not be written."""
    errh = ErrorHandler()
    graph = parse(source, options.defines, errh, driver_elements=options.driver_elements).graph
    text = unparse_driver(graph)
    if output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    try:
        Path(output).write_text(text, encoding="utf-8", errors="surrogateescape")
    except OSError as e:
        print(f"{output}: {e.strerror}", file=sys.stderr)
        return 1
    return 0


def program_args(args: argparse.Namespace) -> list[str]:
    """The compiled program's own options from ``clickc run``'s."""
    out: list[str] = []
    if args.dpdk is not None:
        out += ["--dpdk", *json.loads(args.dpdk), "--"]
    if args.simtime is not None:
        out.append("--simtime" + (f"={args.simtime}" if args.simtime else ""))
    if args.affinity == "off":
        out.append("--no-affinity")
    elif args.affinity is not None:
        out.append("--affinity" + (f"={args.affinity}" if args.affinity else ""))
    for hname in args.handler:
        out += ["-h", hname]
    if args.quit:
        out.append("-q")
    if args.exit_handler:
        out += ["-x", args.exit_handler]
    if args.time:
        out.append("-t")
    if args.no_warnings:
        out.append("-w")
    if args.stats is not None:
        out.append("--stats" if args.stats == "-" else f"--stats={args.stats}")
    return out


def _read_entry(entry: Path) -> tuple[Path, list[str]] | None:
    """A cache entry: the program and the run-time ``NAME=VALUE`` arguments it needs."""
    try:
        data = json.loads(entry.read_text())
        program = Path(data["program"])
        runtime_args = [str(a) for a in data["args"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return (program, runtime_args) if program.is_file() else None


def _write_entry(entry: Path, program: Path, runtime_args: list[str]) -> None:
    entry.parent.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps({"program": str(program), "args": runtime_args}))
    os.replace(tmp, entry)


def _runtime_model(parsed: Parsed, options: CompileOptions,
                   errh: ErrorHandler) -> tuple[RouterModel, list[str]]:
    """The render model to build for ``clickc run``, and the run-time parameters to give the
    program on its command line (docs/backend.md).

    A command-line parameter the configuration ``define``s may be left at its ``define``d value
    in the program when it is a run-time one; then ``IN=a.pcap`` and ``IN=b.pcap`` share one
    program.  The configuration is checked with every command-line value first (its errors are
    the user's); then the passes and the model run once with those parameters at their
    defaults, and when they all turn out run-time that model is the one; otherwise (rare: a
    parameter that changes the graph or a compiled argument) the model is built with every
    value compiled in.  ``errh``: the diagnostics to print.
    """
    checked = check(parsed, errh)
    params = parsed.defines
    shared = sorted(n for n in params if n in parsed.config.file_defines)
    if shared:
        rest = {k: v for k, v in params.items() if k not in shared}
        ropts = dataclasses.replace(options, params=tuple(rest.items()))
        eh = ErrorHandler()   # the passes' and the model's diagnostics
        try:
            scratch = ErrorHandler()   # the checks' diagnostics were those above
            m: RouterModel | None = model(
                optimize(check(parsed.redefine(rest, scratch), scratch), ropts, eh, []),
                ropts, eh)
        except ClickError:   # the defaults do not compile: every value compiled in
            m = None
        if m is not None and set(shared) <= {p.name for p in m.params
                                             if p.bindings or p.unused}:
            errh.diagnostics.extend(eh.diagnostics)
            errh.nwarnings += eh.nwarnings
            return m, shared
    return model(optimize(checked, options, errh, []), options, errh), []


def _build_shared(source: Source, options: CompileOptions, bopts: BuildOptions,
                  cache_root: Path) -> tuple[Path, list[str]]:
    """Compile (or find) the program for ``source``, sharing one program among runs that
    differ only in run-time parameters (:func:`_runtime_model`).  Programs are named by a hash
    of their C text and build options.  Returns (program, run-time arguments).  Raises
    ClickError (configuration errors) or CompileError."""
    errh = ErrorHandler()
    parsed = parse(source, options.defines, errh, driver_elements=options.driver_elements)
    m, runtime = _runtime_model(parsed, options, errh)
    errh.print()  # warnings
    c_text = render(m)
    h = hashlib.sha256(c_text.encode())
    h.update(json.dumps({**options.build_key(), "clickc": clickc_fingerprint()},
                        sort_keys=True).encode())
    program = cache_root / "routers" / h.hexdigest()[:32] / "router"
    if not program.is_file():
        build(c_text, program, bopts)
    return program, [f"{n}={parsed.defines[n]}" for n in runtime]


def _source(args: argparse.Namespace, errh: ErrorHandler) -> tuple[Source, dict[str, str]]:
    """The configuration (``CONFIG``, ``-f FILE``, ``-e EXPR`` or standard input, as click
    reads it) and the ``NAME=VALUE`` parameters; malformed words are errors in ``errh``."""
    words = ([args.config] if args.config else []) + list(args.params)
    cfg = args.file
    if cfg is None and args.expr is None:
        # the first word that is no NAME=VALUE is the configuration, as click takes it
        # (`clickc run N=5 r.click`); a first word naming a file is the configuration even
        # when it looks like a parameter
        for i, w in enumerate(words):
            if parse_definition(w) is None or (i == 0 and Path(w).is_file()):
                cfg = words.pop(i)
                break
    params = parse_definitions(words, errh)
    if args.expr is not None:
        return Source(text=args.expr), params
    if cfg is None or cfg == "-":  # as click: the configuration on standard input
        return Source(text=sys.stdin.read(), name="<stdin>"), params
    if not Path(cfg).is_file():
        errh.error(None, f"{cfg}: No such file or directory")
    return Source(path=cfg), params


def run(args: argparse.Namespace) -> int:
    if args.list_passes:

        sys.stdout.write(list_passes())
        return 0
    if args.version:
        print(f"clickc {__version__}")
        return 0
    if args.clickpath is not None:
        os.environ["CLICKPATH"] = args.clickpath
    errh = ErrorHandler()
    source, params = _source(args, errh)
    options = dataclasses.replace(compile_options(args, params),
                                  driver_elements=driver_elements(args))
    validate(options, errh)
    if errh.nerrors:
        errh.print()
        return 1
    try:
        cache_root = None if args.no_cache else default_cache_dir()
    except OSError:
        cache_root = None
    try:
        bopts = build_options(options, cache_root)
    except CompileError as e:
        print(f"clickc: {e}", file=sys.stderr)
        return 1
    if args.allow_reconfigure:  # the hotconfig handler (compiler/commands/reload.py)
        hot_entry = (None if cache_root is None else
                     cache_root / "entries" / f"hot-{cache_key(source, options)}.json")
        return run_hot(source, options, bopts, cache_root, program_args(args),
                       args.print_program, clickc_fingerprint(), hot_entry)
    program: Path
    tmpdir = None
    runtime_args: list[str] = []
    try:
        if cache_root is not None:
            entry = cache_root / "entries" / f"{cache_key(source, options)}.json"
            found = _read_entry(entry)
            if found is not None:
                program, runtime_args = found
            else:
                program, runtime_args = _build_shared(source, options, bopts, cache_root)
                _write_entry(entry, program, runtime_args)
        else:
            tmpdir = tempfile.mkdtemp(prefix="clickc-run-")
            program = Path(tmpdir) / "router"
            c_text = compile_config(source, options, errh).c_text
            errh.print()
            assert c_text is not None
            build(c_text, program, bopts)
    except CompileError as e:
        print(f"clickc: C compilation failed: {e}", file=sys.stderr)
        return 1
    if args.print_program:
        print(program)
        return 0
    if args.flat_output is not None and write_flat(source, options, args.flat_output):
        return 1
    argv = [str(program), *runtime_args, *program_args(args)]
    sys.stdout.flush()
    sys.stderr.flush()
    if tmpdir is not None:  # cannot exec: the temporary program must be removed afterwards
        import shutil
        import subprocess

        try:
            return subprocess.run(argv).returncode
        finally:
            shutil.rmtree(tmpdir, ignore_errors=True)
    os.execv(argv[0], argv)
    return 127  # not reached
