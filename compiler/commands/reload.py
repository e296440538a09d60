"""``clickc reload ADDRESS NEW.click [NAME=VALUE ...]``, and the ``clickc run -R`` build.

``clickc run -R`` (Click's ``--allow-reconfigure``) builds the router as a shared object and
the runtime as a resident host program (compiler/backend/cc.py ``build_hot``) and runs the host,
which serves Click's ``hotconfig`` write handler: a new configuration's text is compiled by
the installed clickc with the same options and swapped in while the router runs, the state of
the elements both configurations share moving to the new ones (docs/reconfiguration.md).

``clickc reload`` sends a configuration file to such a router over its ControlSocket (``-p
PORT``: ADDRESS is ``PORT``, ``HOST:PORT``; ``-u FILE``: ADDRESS is the socket's path) as
``WRITEDATA hotconfig N`` and prints the answer; exit status 0 when the router answered 200,
1 otherwise (the router's messages on standard error).  ``-j N`` appends a ``// clickc: -j N``
line, with which the router compiles the text for N threads and moves the state to them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import socket
import sys
import tempfile
from pathlib import Path

from ..backend.cc import BuildOptions, CompileError, build_hot
from ..backend.render import render_router
from ..driver import CompileOptions, check, model, optimize, parse
from ..errors import ErrorHandler
from ..frontend.cmdline import Source, parse_definitions

NAME = "reload"
HELP = "send a new configuration to a router started with 'clickc run -R' (hotconfig)"
INTERMIXED = True

#: Separates the fields of CLICKC_HOT_ARGV (the compiler command the host runs).
ARGV_SEPARATOR = "\x1f"

#: Options of ``clickc run`` that name the configuration (dropped from the command the host
#: runs for a new configuration, which it gives with ``-e``).
_CONFIG_OPTIONS = ("-f", "--file", "-e", "--expression")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("address", metavar="ADDRESS",
                   help="the router's ControlSocket: PORT or HOST:PORT (clickc run -R -p PORT), "
                        "or a UNIX socket path (clickc run -R -u FILE)")
    p.add_argument("config", metavar="NEW.click", help="the new configuration")
    p.add_argument("params", nargs="*", metavar="NAME=VALUE",
                   help="parameters: define($NAME VALUE) lines put before the configuration")
    p.add_argument("-j", "--threads", type=int, default=None, metavar="N",
                   help="run the new configuration on N threads (the router's -j otherwise; "
                        "a '// clickc: -j N' line appended to the text)")
    p.add_argument("--timeout", type=float, default=600.0, metavar="SECONDS",
                   help="how long to wait for the answer (default 600: the router compiles)")


def compile_command(argv: list[str], config: str | None) -> list[str]:
    """The command a ``-R`` host runs to build a new configuration: this Python running
    ``clickc run --print-program`` with the words of the original ``clickc run`` command line
    ``argv`` (those after ``run``) except the ones naming the configuration (``config``, the
    positional file, and ``-f``/``-e`` with their values); the host appends ``-e TEXT``."""
    out: list[str] = []
    skip = False
    dropped_config = config is None
    for w in argv:
        if skip:
            skip = False
            continue
        if w in _CONFIG_OPTIONS:
            skip = True
            continue
        if any(w.startswith(o + "=") for o in _CONFIG_OPTIONS if o.startswith("--")):
            continue
        if not dropped_config and w == config:
            dropped_config = True
            continue
        out.append(w)
    return [sys.executable, "-m", "clickc", "run", "--print-program", *out]


def run_hot(source: Source, options: CompileOptions, bopts: BuildOptions,
            cache_root: Path | None, program_args: list[str], print_program: bool,
            fingerprint: str, entry: Path | None = None) -> int:
    """``clickc run -R``: build (or find in the cache, under a hash of the C text, the build
    options and ``fingerprint``, clickc's own sources) the host and the router object, then
    run the host (exec) with CLICKC_HOT_ARGV set; with ``print_program``, print the host's path.
    ``entry``: a cache file naming the host built for this configuration text and these
    options (``clickc run``'s cache key); when it names one that exists, nothing is parsed or
    built (a ``hotconfig`` write of a configuration built before costs the compiler's start
    only), else it is written after the build.  Raises ClickError after configuration errors;
    returns 1 when the C compiler fails."""
    if options.profile_generate is not None:
        print("clickc run: -R cannot be combined with --profile-generate (a profile measures "
              "one program)", file=sys.stderr)
        return 1
    program = _cached_host(entry)
    if program is None:
        errh = ErrorHandler()
        parsed = parse(source, options.defines, errh, driver_elements=options.driver_elements)
        m = model(optimize(check(parsed, errh), options, errh, []), options, errh)
        errh.print()  # warnings
        c_text = render_router(m, hot=True)
        h = hashlib.sha256(c_text.encode())
        h.update(json.dumps({**options.build_key(), "clickc": fingerprint}, sort_keys=True,
                            default=str).encode())
        root = (cache_root if cache_root is not None
                else Path(tempfile.mkdtemp(prefix="clickc-hot-")))
        program = root / "routers" / f"hot-{h.hexdigest()[:32]}" / "router"
        try:
            if not (program.is_file() and program.with_name("router.so").is_file()):
                build_hot(c_text, program, bopts)
        except CompileError as e:
            print(f"clickc: C compilation failed: {e}", file=sys.stderr)
            return 1
        if entry is not None:
            try:
                entry.parent.mkdir(parents=True, exist_ok=True)
                tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
                tmp.write_text(json.dumps({"program": str(program)}))
                os.replace(tmp, entry)
            except OSError:  # an unwritable cache: the next run builds again
                pass
    if print_program:
        print(program)
        return 0
    words = sys.argv[sys.argv.index("run") + 1:] if "run" in sys.argv else []
    env = dict(os.environ)
    env["CLICKC_HOT_ARGV"] = ARGV_SEPARATOR.join(
        compile_command(words, source.path and str(source.path)))
    argv = [str(program), *program_args]
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(argv[0], argv, env)
    return 127  # not reached


def _cached_host(entry: Path | None) -> Path | None:
    """The host program a cache ``entry`` of :func:`run_hot` names, when it and its router
    object exist (None otherwise: an unreadable entry or a cleaned cache builds again)."""
    if entry is None:
        return None
    try:
        program = Path(json.loads(entry.read_text())["program"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return (program if program.is_file() and program.with_name("router.so").is_file()
            else None)


def _connect(address: str, timeout: float) -> socket.socket:
    """A connection to ``address`` (a path with a '/' or an existing file: UNIX; else
    ``[HOST:]PORT``, HOST default 127.0.0.1).  Raises OSError."""
    if "/" in address or Path(address).exists():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(timeout)
        s.connect(address)
        return s
    host, _, port = address.rpartition(":")
    return socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout)


def send_hotconfig(address: str, text: str, timeout: float = 600.0) -> tuple[int, list[str]]:
    """Send ``WRITEDATA hotconfig N`` with ``text`` to the ControlSocket at ``address`` and
    read the answer: (code, message lines without their code), e.g. ``(200, ["Write handler
    'hotconfig' OK"])``.  Raises OSError (no connection, a timeout) or ValueError (not a
    ControlSocket)."""
    data = text.encode()
    with _connect(address, timeout) as s:
        f = s.makefile("rb")
        greeting = f.readline()
        if not greeting.startswith(b"Click::ControlSocket/"):
            raise ValueError(f"{address}: not a Click ControlSocket")
        s.sendall(b"WRITEDATA hotconfig %d\r\n" % len(data) + data)
        lines: list[str] = []
        while True:
            line = f.readline()
            if not line:
                raise ValueError(f"{address}: the connection closed before the answer")
            text_line = line.decode(errors="replace").rstrip("\r\n")
            code, sep, msg = text_line[:3], text_line[3:4], text_line[4:]
            lines.append(msg)
            if sep != "-":
                s.sendall(b"QUIT\r\n")
                return int(code), lines


def run(args: argparse.Namespace) -> int:
    errh = ErrorHandler()
    params = parse_definitions(list(args.params), errh)
    if errh.nerrors:
        errh.print()
        return 1
    try:
        text = Path(args.config).read_text()
    except OSError as e:
        print(f"{args.config}: {e.strerror or e}", file=sys.stderr)
        return 1
    # NAME=VALUE: define()s after the text (its line numbers stay those of the file)
    suffix = "".join(f"\ndefine(${n} {v});" for n, v in params.items())
    if args.threads is not None:   # the host reads it (runtime/hotswap.c, asked_threads)
        suffix += f"\n// clickc: -j {args.threads}\n"

    try:
        code, lines = send_hotconfig(args.address, text + suffix, args.timeout)
    except (OSError, ValueError) as e:
        print(f"clickc reload: {args.address}: {e}", file=sys.stderr)
        return 1
    out = sys.stdout if code == 200 else sys.stderr
    for line in lines:
        print(line, file=out)
    return 0 if code == 200 else 1
