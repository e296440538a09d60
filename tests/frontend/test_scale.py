"""The front end's time grows linearly with the configuration (issue 22, finding 5).

Large generated configurations through ``clickc check`` and ``clickc --emit c``, timed in CPU
seconds of the clickc process (user + system, so a loaded machine does not make them flaky):
20,000 elements stay far under a generous bound, and four times the elements cost at most
about four times the time (a quadratic step would cost sixteen); the 50 MB configuration of
660,000 elements scaled down to 6,600 and 66,000 elements costs at most 13 times as much for
ten times the elements through ``clickc check`` and ``clickc flatten``.  docs/reliability.md
gives the figures for the 50 MB configuration (:func:`big_config`).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.frontend import cparser

#: CPU seconds 20,000 elements may take in one command (about 6 s for check, 17 s for --emit c
#: on the development machine).
BOUND_20K = 120
#: Most CPU time 4x the elements may take, as a multiple of the smaller run's (linear: 4).
MAX_RATIO = 7.0


def big_config(n: int, pad: int = 0) -> str:
    """A configuration of ``n`` elements (a multiple of 4): chains InfiniteSource -> Counter ->
    Print -> Discard with distinct names; ``pad`` more bytes of label per Print (a 50 MB
    configuration of 660,000 elements: pad 220)."""
    label = "x" * pad
    return "".join(f"src{i} :: InfiniteSource(LIMIT {i}) -> ctr{i} :: Counter -> "
                   f'Print("label {i}{label}") -> d{i} :: Discard;\n' for i in range(n // 4))


#: Most CPU time ten times the elements may take, as a multiple of the smaller run's (linear:
#: 10, less the start-up both pay; quadratic: 100).
MAX_RATIO_10X = 13.0


def cpu_seconds(tmp_path: Path, n: int, *args: str, pad: int = 0,
                env: dict[str, str] | None = None) -> float:
    """CPU seconds ``clickc ARGS CONFIG`` takes on big_config(n, pad) (with ``env`` added to
    the environment); asserts it succeeded."""
    cfg = tmp_path / f"big{n}.click"
    cfg.write_text(big_config(n, pad))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([sys.executable, "-m", "clickc", *args, str(cfg)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=600,
                       env={**os.environ, **(env or {})})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert p.returncode == 0, p.stderr[-2000:]
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.parametrize("args", [["check"], ["--emit", "c", "-o", "out.c"]])
def test_linear_time(tmp_path: Path, args: list[str]) -> None:
    small = cpu_seconds(tmp_path, 5_000, *args)
    large = cpu_seconds(tmp_path, 20_000, *args)
    assert large < BOUND_20K, (small, large)
    assert large < MAX_RATIO * small, (small, large)


@pytest.mark.parametrize("args,parser", [(["check"], "cpp"), (["flatten"], "cpp"),
                                         (["check"], "python")])
def test_linear_time_tenfold(tmp_path: Path, args: list[str], parser: str) -> None:
    """The 50 MB configuration of docs/reliability.md scaled down a hundred times (6,600
    elements, 0.5 MB) and ten times (66,000, 5 MB): ten times the elements cost at most
    MAX_RATIO_10X times the time, through the C++ parser (compiler/frontend/cparser.py) and
    through the Python one."""
    if parser == "cpp" and not cparser.available():
        pytest.skip("the C++ parser cannot be built here (g++, libantlr4-runtime-dev)")
    env = {"CLICKC_CPARSER": "0"} if parser == "python" else {}
    small = cpu_seconds(tmp_path, 6_600, *args, pad=220, env=env)
    large = cpu_seconds(tmp_path, 66_000, *args, pad=220, env=env)
    assert large < MAX_RATIO_10X * small, (small, large)


def test_large_non_ascii_label(tmp_path: Path) -> None:
    """A 16 MiB Print label of non-UTF-8 bytes through ``--emit c``: linear time and memory
    (the front end kept a list of every character's code, and the C escapes were made a
    Python call per byte: it ran for minutes and out of memory; now about 7 s and 520 MB,
    docs/reliability.md)."""
    cfg = tmp_path / "label.click"
    cfg.write_bytes(b'InfiniteSource(LIMIT 1) -> Print("' + b"\xff" * (16 << 20)
                    + b'") -> Discard;\n')
    # the peak resident size of the clickc process alone, measured by a parent of its own
    probe = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(r.returncode, u.ru_maxrss, u.ru_utime + u.ru_stime)")
    p = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "clickc", "--emit",
                        "c", "-o", str(tmp_path / "out.c"), str(cfg)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=600)
    status, maxrss_kb, cpu = p.stdout.split()
    assert status == "0", p.stderr[-2000:]
    assert int(maxrss_kb) < 1_000_000, maxrss_kb   # KiB: about 32 bytes per label byte
    assert float(cpu) < 60, cpu
    assert b"\\377\\377\\377" in (tmp_path / "out.c").read_bytes()
