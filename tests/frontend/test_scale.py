"""The front end's time grows linearly with the configuration (issue 22, finding 5).

Large generated configurations through ``clickc check`` and ``clickc --emit c``, timed in CPU
seconds of the clickc process (user + system, so a loaded machine does not make them flaky):
20,000 elements stay far under a generous bound, and four times the elements cost at most
about four times the time (a quadratic step would cost sixteen).  docs/reliability.md gives
the figures for a 50 MB configuration of 660,000 elements (:func:`big_config`).
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

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


def cpu_seconds(tmp_path: Path, n: int, *args: str) -> float:
    """CPU seconds ``clickc ARGS CONFIG`` takes on big_config(n); asserts it succeeded."""
    cfg = tmp_path / f"big{n}.click"
    cfg.write_text(big_config(n))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([sys.executable, "-m", "clickc", *args, str(cfg)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert p.returncode == 0, p.stderr[-2000:]
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.parametrize("args", [["check"], ["--emit", "c", "-o", "out.c"]])
def test_linear_time(tmp_path: Path, args: list[str]) -> None:
    small = cpu_seconds(tmp_path, 5_000, *args)
    large = cpu_seconds(tmp_path, 20_000, *args)
    assert large < BOUND_20K, (small, large)
    assert large < MAX_RATIO * small, (small, large)
