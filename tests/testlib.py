"""Helpers shared by the test folders: where ../shared is, the C compiler and ThreadSanitizer
skip conditions and the sanitized build's options and environment."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: The directory of the data shared between checkouts (../shared) and its real captures.
SHARED = Path(__file__).resolve().parents[2] / "shared"
PCAPS = SHARED / "pcaps"

#: clickc options of the sanitized build (ASan + UBSan; any report fails the run).
SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def sanitizer_env() -> dict[str, str]:
    """This process's environment with ASan (leaks detected, exit status 99) and UBSan (stack
    printed, exit status 98) set to stop at their first report."""
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:exitcode=99"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:exitcode=98"
    return env


def have_c_compiler() -> bool:
    """True when a C compiler (clang, gcc or cc) is on PATH."""
    return any(shutil.which(cc) is not None for cc in ("clang", "gcc", "cc"))


def require_c_compiler() -> None:
    """Skip the calling test when no C compiler is on PATH."""
    if not have_c_compiler():
        pytest.skip("no C compiler")


def clickc(cwd: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``python -m clickc ARGS`` with this interpreter, run in ``cwd``; its output captured as
    text.  ``timeout`` in seconds."""
    return subprocess.run([sys.executable, "-m", "clickc", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=cwd)


def run_config(tmp_path: Path, config: str, *args: str,
               name: str = "r.click") -> subprocess.CompletedProcess[str]:
    """``clickc run`` of the configuration text ``config``, written to ``tmp_path/name``, with
    the options ``args`` (``-h E.H`` ...), in ``tmp_path``; skipped without a C compiler."""
    require_c_compiler()
    cfg = tmp_path / name
    cfg.write_text(config)
    return clickc(tmp_path, "run", str(cfg), *args)


def require_compiler(cc: str) -> None:
    """Skip the calling test when the C compiler ``cc`` is not on PATH."""
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")


def compile_c(cc: str, *args: str) -> None:
    """Run ``cc`` with the project's C rules (C11, ``-Wall -Wextra -Werror``, _GNU_SOURCE) and
    the runtime's and the elements' headers on the include path, then ``args`` (optimization,
    sources, ``-o`` ...).  Raises CalledProcessError when it fails."""
    from clickc.backend.resources import elements_dir, runtime_dir

    subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE",
                    f"-I{runtime_dir()}", f"-I{elements_dir()}", *args], check=True)


#: Mark of tests (or ``pytestmark`` of modules) that build routers: skipped without a compiler.
needs_c_compiler = pytest.mark.skipif(not have_c_compiler(), reason="no C compiler")


def tsan_enabled() -> bool:
    """Whether the TSan variants run (the .ci/run TSan job sets CLICKC_TSAN=1)."""
    return os.environ.get("CLICKC_TSAN") == "1"


def tsan_missing(tmp: Path) -> str | None:
    """None when clang can build and run a ThreadSanitizer program here (``tmp`` holds the
    probe), else the reason."""
    if shutil.which("clang") is None:
        return "clang not installed"
    src = tmp / "t.c"
    src.write_text("#include <pthread.h>\nstatic void *f(void *a) { return a; }\n"
                   "int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); "
                   "return pthread_join(t, 0); }\n")
    exe = tmp / "t"
    proc = subprocess.run(["clang", "-fsanitize=thread", str(src), "-o", str(exe), "-pthread"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        return f"clang's ThreadSanitizer runtime is missing: {proc.stderr.strip()[:200]}"
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    if run.returncode != 0:
        return f"ThreadSanitizer programs do not run here: {run.stderr.strip()[:200]}"
    return None


def require_tsan(tmp: Path) -> None:
    """Skip the calling test outside the TSan job (:func:`tsan_enabled`) or when clang cannot
    build and run a ThreadSanitizer program (:func:`tsan_missing`, probing in ``tmp``)."""
    if not tsan_enabled():
        pytest.skip("ThreadSanitizer builds run in the TSan job (CLICKC_TSAN=1, .ci/run)")
    reason = tsan_missing(tmp)
    if reason:
        pytest.skip(reason)
