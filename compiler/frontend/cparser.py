"""The C++ parser accelerator: grammar/Click.g4 lexed and parsed by ANTLR's C++ runtime.

ANTLR's Python runtime spends about 100 µs a token lexing and parsing (docs/reliability.md,
"Large configurations").  The same grammar generated for C++ (grammar/gen_cpp, ANTLR 4.9 for
Debian's libantlr4-runtime-dev 4.9) with the C++ form of the context-sensitive lexer
(grammar/cpp/click_context_lexer.h, the twin of :mod:`.lexsupport`) lexes and parses the text
and hands back the Python parser's own tree objects (grammar/cpp/clickc_cparser.cpp), so the
builder cannot tell the two apart.

The extension is compiled on first use with the system C++ compiler, in a directory keyed by
the hash of its sources and the Python ABI (:func:`cache_dir`: grammar/cpp/build/ in an
editable install, else clickc's cache); ``make setup`` builds it ahead (:func:`build`).  When
it cannot be built (no C++ compiler, no ANTLR C++ runtime) the reason is kept in that
directory and clickc uses the Python parser, with the same results.  ``CLICKC_CPARSER=0``
in the environment uses the Python parser always.

:func:`parse` answers only for texts that lex and parse without error and nest at most
``max_nesting`` deep; for any other it returns None and the Python parser reads the text and
reports its errors (so errors are the Python parser's, with its recovery).
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

import clickc.grammar
from antlr4.Token import CommonToken
from antlr4.tree.Tree import TerminalNodeImpl
from clickc.grammar.gen.ClickParser import ClickParser

#: grammar/ (the package clickc.grammar): cpp/ holds the hand-written C++, gen_cpp/ the
#: generated parser.
GRAMMAR = Path(clickc.grammar.__file__).resolve().parent
#: Where Debian's libantlr4-runtime-dev puts the ANTLR C++ runtime's headers.
ANTLR_INCLUDE = Path("/usr/include/antlr4-runtime")
MODULE = "clickc_cparser"

#: The parser's rule context classes, by rule index.
_CONTEXTS: list[type] = [getattr(ClickParser, n[0].upper() + n[1:] + "Context")
                         for n in ClickParser.ruleNames]

_loaded: ModuleType | None = None
_tried = False


def _sources() -> list[Path]:
    return sorted((GRAMMAR / "cpp").glob("*.[ch]*")) + sorted((GRAMMAR / "gen_cpp").glob("*.[ch]*"))


def _compiler() -> str | None:
    # Debian's ANTLR 4.9 headers do not compile with clang++ against libstdc++
    # (misc/InterpreterDataReader.h default-constructs a Vocabulary with const members)
    for cxx in (os.environ.get("CLICKC_CXX", ""), "g++", "c++"):
        if cxx and shutil.which(cxx):
            return cxx
    return None


def cache_dir() -> Path:
    """The directory the extension is built in, ``cparser-KEY`` (KEY a hash of the C++
    sources, the compiler and the Python ABI): in grammar/cpp/build/ when the package's
    directory is writable (an editable install, as ``make setup`` makes: every clickc process
    finds it there, whatever its cache directory), else in clickc's cache
    (``$XDG_CACHE_HOME/clickc``, else ``~/.cache/clickc``)."""
    h = hashlib.sha256()
    for p in _sources():
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    h.update(f"{_compiler()}\0{sysconfig.get_config_var('EXT_SUFFIX')}\0{sys.version}".encode())
    name = f"cparser-{h.hexdigest()[:16]}"
    if os.access(GRAMMAR / "cpp", os.W_OK):
        return GRAMMAR / "cpp" / "build" / name
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "clickc" / name


def build(quiet: bool = True) -> Path | None:
    """Build the extension into :func:`cache_dir` unless it is there; its path, or None when it
    cannot be built (the reason is in ``build-failed.txt`` there, and no later call tries
    again).  Raises nothing for a missing compiler or runtime."""
    d = cache_dir()
    so = d / (MODULE + str(sysconfig.get_config_var("EXT_SUFFIX")))
    failed = d / "build-failed.txt"
    if so.exists():
        return so
    if failed.exists():
        return None
    d.mkdir(parents=True, exist_ok=True)
    with open(d / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if so.exists():
            return so
        if failed.exists():
            return None
        cxx = _compiler()
        reason = ""
        if cxx is None:
            reason = "no C++ compiler (g++ or c++)"
        elif not (ANTLR_INCLUDE / "antlr4-runtime.h").exists():
            reason = f"no ANTLR C++ runtime in {ANTLR_INCLUDE} (libantlr4-runtime-dev)"
        else:
            fd, tmp = tempfile.mkstemp(suffix=".so", dir=d)
            os.close(fd)
            cmd = [cxx, "-std=c++17", "-O2", "-fPIC", "-shared", "-w",
                   f"-I{GRAMMAR / 'cpp'}", f"-I{GRAMMAR / 'gen_cpp'}", f"-I{ANTLR_INCLUDE}",
                   f"-I{sysconfig.get_paths()['include']}",
                   str(GRAMMAR / "cpp" / "clickc_cparser.cpp"), "-o", tmp, "-lantlr4-runtime"]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode == 0:
                os.replace(tmp, so)
                if not quiet:
                    print(f"built {so}")
                return so
            os.unlink(tmp)
            reason = " ".join(cmd) + "\n" + p.stderr[-4000:]
        failed.write_text(reason + "\n")
        if not quiet:
            print(f"C++ parser not built: {reason}", file=sys.stderr)
        return None


def load() -> ModuleType | None:
    """The extension module (built if needed), or None when it is unavailable or
    ``CLICKC_CPARSER=0``."""
    global _loaded, _tried
    if os.environ.get("CLICKC_CPARSER") == "0":
        return None
    if not _tried:
        _tried = True
        so = build()
        if so is not None:
            spec = importlib.util.spec_from_file_location(MODULE, so)
            if spec is not None and spec.loader is not None:
                mod = importlib.util.module_from_spec(spec)
                try:
                    spec.loader.exec_module(mod)
                    _loaded = mod
                except ImportError:
                    _loaded = None
    return _loaded


def parse(text: str, max_nesting: int, parser: Any) -> tuple[list[Any], Any, list[Any],
                                                             list[int], list[Any]] | None:
    """Lex and parse ``text`` with the C++ parser: (tokens, tree, directives, nonentry lines,
    lexer errors), the tokens and tree as the Python parser's objects (``parser`` is set as the
    tree's ``parser``), directives as (physical line, number, quoted file name or None).  None
    when the C++ parser is unavailable, or for a text it leaves to the Python parser (a syntax
    error, nesting deeper than ``max_nesting``)."""
    mod = load()
    if mod is None:
        return None
    res = mod.parse(text, max_nesting, _CONTEXTS, parser, CommonToken, TerminalNodeImpl)
    return None if res is None else tuple(res)


def available() -> bool:
    """Whether the C++ parser is in use (built, loaded, not turned off)."""
    return load() is not None
