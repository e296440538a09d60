"""``clickc run CONFIG [NAME=VALUE ...] [-h ELEM.HANDLER ...] [-q] [--stats[=FILE]]``.

A drop-in for Click's ``click`` command on the elements clickc implements: compile the router
(cached) and run it.  The cache key is a hash of the configuration text (and the files it
``require``s), the parameters, the build options and clickc itself (its version and the text
of its compiler, runtime and element sources), so an edit to any of them rebuilds.  The cache
lives in ``$XDG_CACHE_HOME/clickc`` (``~/.cache/clickc``); ``--no-cache`` builds in a temporary
directory.

Runs that differ only in run-time parameters (see docs/backend.md: file names, limits...)
share one program: the cache keeps, per invocation key, the program to run and the
``NAME=VALUE`` arguments to give it, and names programs by a hash of their C text.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from clickc.elements.registry import element_path

from .. import __version__
from ..backend.cc import BuildOptions, CompileError, build_program, default_cache_dir
from ..backend.pipeline import EXPR_NAME, build_router_model, generate_c
from ..backend.render import render_router
from ..backend.resources import package_dir
from ..errors import ClickError, ErrorHandler
from .compile import (
    _PARAM_RE,
    add_build_options,
    apply_pgo,
    build_options,
    parse_params,
    pass_options,
)

INTERMIXED = True  # options may come between CONFIG and NAME=VALUE
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


def _file_digest(path: str) -> str:
    """SHA-256 of a file's bytes ("" when unreadable: the build then reports the error)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


def cache_key(config: Path | None, params: dict[str, str], args: argparse.Namespace,
              expr: str | None = None) -> str:
    """The content hash naming a compiled router in the cache (see the module docstring)."""
    text = expr.encode() if expr is not None else (config.read_bytes() if config else b"")
    h = hashlib.sha256()
    h.update(json.dumps({
        "config": str(config.resolve()) if config and expr is None else "<expr>",
        "params": sorted(params.items()),
        "opt": args.opt, "cc": args.cc, "march_native": args.march_native,
        "cflags": args.cflags, "ldflags": args.ldflags,
        "threads": args.threads, "batch": args.batch, "passes": args.passes,
        "pass_option": args.pass_option,
        "profile_generate": args.profile_generate, "pgo": args.pgo,
        "adapt": getattr(args, "adapt", None),
        "profile_use": [[f, _file_digest(f)] for f in args.profile_use],
        "env_cflags": os.environ.get("CLICKC_CFLAGS", ""),
        "env_ldflags": os.environ.get("CLICKC_LDFLAGS", ""),
        "clickc": clickc_fingerprint(),
    }, sort_keys=True).encode())
    h.update(text)
    for f in _required_files(config or Path("."), text.decode("utf-8", "replace")):
        h.update(str(f).encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:32]


def _is_param(word: str) -> bool:
    return _PARAM_RE.match(word) is not None


def program_args(args: argparse.Namespace) -> list[str]:
    """The compiled program's own options from ``clickc run``'s."""
    out: list[str] = []
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


def _build_shared(config: Path, params: dict[str, str], args: argparse.Namespace,
                  opts: BuildOptions, cache_root: Path, text: str | None,
                  text_name: str) -> tuple[Path, list[str]] | None:
    """Compile (or find) the program for ``params``, sharing one program among runs that
    differ only in run-time parameters.

    Parameters the program can take at run time are left out of the compilation when the
    router still has them without the command line's value (a ``define`` gives a default);
    the program then gets them as ``NAME=VALUE``.  Programs are named by a hash of their C
    text and build options, so ``IN=a.pcap`` and ``IN=b.pcap`` run the same binary.
    Returns (program, run-time arguments), or None after printing errors.
    """
    errh = ErrorHandler()
    model = build_router_model(config, params, errh, opt=args.opt, text=text,
                               text_name=text_name, passes=pass_options(args, errh))
    runtime = sorted(p.name for p in model.params
                     if p.name in params and (p.bindings or p.unused))
    if runtime:
        rest = {k: v for k, v in params.items() if k not in runtime}
        try:
            eh = ErrorHandler()
            shared = build_router_model(config, rest, eh, opt=args.opt,
                                        text=text, text_name=text_name,
                                        passes=pass_options(args, eh))
        except ClickError:  # e.g. a parameter with no define: needed at compile time
            shared = None
        still = {p.name for p in shared.params if p.bindings or p.unused} if shared else set()
        if shared is not None and set(runtime) <= still:  # all still run-time: share
            model = shared
        else:
            runtime = []
    errh.print()  # warnings
    c_text = render_router(model)
    h = hashlib.sha256(c_text.encode())
    h.update(json.dumps({"opt": args.opt, "cc": args.cc, "march_native": args.march_native,
                         "cflags": args.cflags, "ldflags": args.ldflags,
                         "env_cflags": os.environ.get("CLICKC_CFLAGS", ""),
                         "env_ldflags": os.environ.get("CLICKC_LDFLAGS", ""),
                         "clickc": clickc_fingerprint()}, sort_keys=True).encode())
    program = cache_root / "routers" / h.hexdigest()[:32] / "router"
    if not program.is_file():
        try:
            build_program(c_text, program, opts)
        except CompileError as e:
            print(f"clickc: C compilation failed: {e}", file=sys.stderr)
            return None
    return program, [f"{n}={params[n]}" for n in runtime]


def _ancestor_dirs(limit: int = 8) -> list[str]:
    """Working directories of this process's ancestors (Linux ``/proc``), nearest first.

    Wrappers between the caller and clickc (a pyenv shim is a bash script, and bash resets
    ``$PWD`` to its own working directory) hide the caller's directory from the environment;
    the process tree still has it.  Returns [] where ``/proc`` is unavailable.
    """
    dirs: list[str] = []
    pid = os.getppid()
    for _ in range(limit):
        if pid <= 1:
            break
        try:
            dirs.append(os.readlink(f"/proc/{pid}/cwd"))
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
                stat = f.read()
            pid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return dirs


def resolve_invoker_paths(params: dict[str, str], cwd: str | None = None,
                          invokers: list[str] | None = None) -> dict[str, str]:
    """Parameters naming files relative to the directory the user invoked from.

    A program that starts ``clickc run`` with another working directory (``subprocess`` with
    ``cwd=``, as ../shared/conformance/check.py does) still means its relative file names from
    its own directory.  A relative ``VALUE`` that names no file relative to the working
    directory is looked up in the invoking directories — ``$PWD``, then the working directories
    of the ancestor processes, nearest first (``invokers`` overrides that list) — and the first
    hit is passed on as an absolute name.  Values naming nothing anywhere are left alone.
    Returns a new dict.
    """
    here = os.path.realpath(cwd if cwd is not None else os.getcwd())
    if invokers is None:
        invokers = [os.environ.get("PWD", ""), *_ancestor_dirs()]
    dirs: list[str] = []
    for d in invokers:
        if d and os.path.isabs(d) and os.path.realpath(d) != here and d not in dirs:
            dirs.append(d)
    out: dict[str, str] = {}
    for name, value in params.items():
        if value and not os.path.isabs(value) and not os.path.exists(os.path.join(here, value)):
            for d in dirs:
                if os.path.exists(os.path.join(d, value)):
                    value = os.path.normpath(os.path.join(d, value))
                    break
        out[name] = value
    return out


def run(args: argparse.Namespace) -> int:
    if args.list_passes:
        from clickc.passes.manager import list_passes

        sys.stdout.write(list_passes())
        return 0
    errh = ErrorHandler()
    params = parse_params(args.params, errh)
    cfg = args.file or args.config
    if args.config and (args.file or args.expr is not None
                        or (_is_param(args.config) and not Path(args.config).is_file())):
        # `clickc run -f X A=B`, `-e EXPR A=B`, `A=B < X`: the first word is a parameter too
        params = {**parse_params([args.config], errh), **params}
        cfg = args.file
    params = resolve_invoker_paths(params)
    text: str | None = args.expr
    text_name = EXPR_NAME
    if text is None and (cfg is None or cfg == "-"):  # as click: the configuration on stdin
        text = sys.stdin.read()
        text_name = "<stdin>"
    elif text is None and cfg is not None and not Path(cfg).is_file():
        errh.error(None, f"{cfg}: No such file or directory")
    if errh.nerrors:
        errh.print()
        return 1
    config = Path(cfg) if cfg is not None and text is None else Path(text_name)
    opts = build_options(args)
    program: Path
    tmpdir = None
    try:
        cache_root = None if args.no_cache else default_cache_dir()
    except OSError:
        cache_root = None
    runtime_args: list[str] = []
    if cache_root is not None:
        opts.cache_dir = cache_root
    try:
        apply_pgo(opts, args)
    except CompileError as e:
        print(f"clickc: {e}", file=sys.stderr)
        return 1
    if cache_root is not None:
        key = cache_key(None if text is not None else config, params, args, text)
        entry = cache_root / "entries" / f"{key}.json"
        found = _read_entry(entry)
        if found is not None:
            program, runtime_args = found
        else:
            built = _build_shared(config, params, args, opts, cache_root, text, text_name)
            if built is None:
                return 1
            program, runtime_args = built
            _write_entry(entry, program, runtime_args)
    else:
        tmpdir = tempfile.mkdtemp(prefix="clickc-run-")
        program = Path(tmpdir) / "router"
        c_text = generate_c(config, params, errh, opt=args.opt, text=text, text_name=text_name,
                            passes=pass_options(args, errh))
        errh.print()
        try:
            build_program(c_text, program, opts)
        except CompileError as e:
            print(f"clickc: C compilation failed: {e}", file=sys.stderr)
            return 1
    if args.print_program:
        print(program)
        return 0
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
