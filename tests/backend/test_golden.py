"""Golden tests of the generated C for every examples/*.click (and of a two-path router on
two threads: thread sections).

A change in generated code shows up as a diff of tests/backend/golden/<name>.c in review.
After an intended change, regenerate with ``CLICKC_REGEN_GOLDEN=1 python3 -m pytest
tests/backend`` and review the diff.  Also: the output is deterministic (same bytes under
different ``PYTHONHASHSEED``s), and every example builds with ``-Wall -Wextra -Werror`` with
clang and gcc.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.backend.cc import BuildOptions, build_program
from clickc.driver import CompileOptions, generate_c
from clickc.errors import ErrorHandler
from clickc.frontend.cmdline import Source

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"
EXAMPLES = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "examples").glob("*.click"))
REGEN = os.environ.get("CLICKC_REGEN_GOLDEN") == "1"
COMPILERS = [c for c in ("clang", "gcc") if shutil.which(c)]


def _generate(example: str) -> str:
    errh = ErrorHandler()
    return generate_c(Path(example), errh=errh)


@pytest.fixture(autouse=True)
def _at_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # examples name their captures relative to the repository


def test_there_are_examples() -> None:
    assert "examples/iprouter.click" in EXAMPLES


@pytest.mark.parametrize("example", EXAMPLES)
def test_golden(example: str) -> None:
    text = _generate(example)
    golden = GOLDEN / (Path(example).stem + ".c")
    if REGEN:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), f"no golden file {golden}; run with CLICKC_REGEN_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8"), (
        f"generated C for {example} differs from {golden}; if intended, regenerate with "
        "CLICKC_REGEN_GOLDEN=1 and review the diff")


def _check_golden(text: str, name: str) -> None:
    """``text`` is golden/``name`` (rewritten instead with CLICKC_REGEN_GOLDEN=1)."""
    golden = GOLDEN / name
    if REGEN:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8"), (
        f"generated C differs from {golden}; if intended, regenerate with CLICKC_REGEN_GOLDEN=1")


#: Two forwarding paths, one per thread (StaticThreadSched): each thread's state in its sections.
TWO_THREADS = """// tests/backend/test_golden.py: two paths on two threads
s0 :: InfiniteSource(LIMIT 10, STOP true) -> c0 :: Counter -> q0 :: Queue(64)
  -> u0 :: Unqueue -> Strip(14) -> d0 :: Discard;
s1 :: InfiniteSource(LIMIT 10, STOP true) -> c1 :: Counter -> q1 :: Queue(64)
  -> u1 :: Unqueue -> Strip(14) -> d1 :: Discard;
StaticThreadSched(s0 0, u0 0, s1 1, u1 1);
"""


def _two_threads() -> str:
    return generate_c(Source(text=TWO_THREADS, name="two-threads.click"),
                      CompileOptions(threads=2), ErrorHandler())


def test_golden_two_threads() -> None:
    """-j 2 -O2: each thread's element state in its own sections (docs/concurrency.md)."""
    text = _two_threads()
    for t in (0, 1):
        assert text.count(f'#pragma clang section bss=".bss.ck_thread{t}"') > 3, t
    _check_golden(text, "two-threads.c")


#: A one-SA tunnel entry on two threads: flow-split's ordered replication (OrderSplit,
#: OrderEnter, OrderMerge sharing ``ck_orders[0]``).
ORDERED = """// tests/backend/test_golden.py: one SA's ciphers split in order over two threads
src :: InfiniteSource(LIMIT 10, STOP true) -> Strip(14) -> CheckIPHeader -> GetIPAddress(16)
  -> rt :: RadixIPsecLookup(10.0.0.0/8 1.2.3.4 1 4097 ThisIsTheDESkey0 AndThisAuthKey01 1 64,
                            0.0.0.0/0 0);
rt[0] -> Discard;
rt[1] -> IPsecESPEncap -> auth :: IPsecAuthHMACSHA1(0) -> IPsecDES(1) -> IPsecEncap(50)
  -> cnt :: Counter -> Discard;
"""


def _ordered() -> str:
    return generate_c(Source(text=ORDERED, name="ordered-split.click"),
                      CompileOptions(threads=2), ErrorHandler())


def test_golden_ordered_split() -> None:
    """-j 2 -O2: the ciphers split in order; the group's state is defined once."""
    text = _ordered()
    assert text.count("#define CK_ORDER_GROUPS 1\n") == 1
    assert "OrderSplit" in text and "OrderMerge" in text
    _check_golden(text, "ordered-split.c")


@pytest.mark.parametrize("cc", COMPILERS)
@pytest.mark.parametrize("which", ["two-threads", "ordered-split"])
def test_threaded_router_builds_with_werror(which: str, cc: str, tmp_path: Path,
                                            object_cache: Path) -> None:
    prog = tmp_path / "router"
    text = _two_threads() if which == "two-threads" else _ordered()
    build_program(text, prog, BuildOptions(cc=cc, opt=2, extra_cflags=["-Werror"],
                                           cache_dir=object_cache))
    assert prog.is_file()


@pytest.mark.parametrize("example", EXAMPLES)
def test_deterministic_across_hash_seeds(example: str) -> None:
    code = ("import sys; from pathlib import Path; from clickc.errors import ErrorHandler; "
            "from clickc.driver import generate_c; "
            f"sys.stdout.write(generate_c(Path({example!r}), errh=ErrorHandler()))")
    outs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, cwd=REPO, timeout=300)
        assert r.returncode == 0, r.stderr
        outs.add(r.stdout)
    assert len(outs) == 1


@pytest.mark.parametrize("cc", COMPILERS)
@pytest.mark.parametrize("example", EXAMPLES)
def test_example_builds_with_werror(example: str, cc: str, tmp_path: Path,
                                    object_cache: Path) -> None:
    """The example and the runtime compile warning-free (the runtime's objects once per
    compiler and flags for the session: ``object_cache``)."""
    prog = tmp_path / "router"
    build_program(_generate(example), prog,
                  BuildOptions(cc=cc, opt=1, extra_cflags=["-Werror"], cache_dir=object_cache))
    assert prog.is_file() and os.access(prog, os.X_OK)
