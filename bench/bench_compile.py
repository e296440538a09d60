"""Benchmark: compile time of clickc itself, two installations side by side.

Not a test.  Run ``python bench/bench_compile.py [--python OTHER_PYTHON] [--runs R]``.  For each
configuration (examples/iprouter.click, and bench_flatten's generated configuration of about
5,000 elements) it times ``PYTHON -m clickc compile -O2 --emit c CONFIG -o FILE``: the whole
command as a user runs it (interpreter start-up, parsing, checks, passes, code generation; no
C compiler), wall-clock seconds, median of R runs.  With ``--python`` it also times a second
clickc installation (another checkout's virtual environment, e.g. the previous release), the two
alternating run by run so that both see the same machine; it prints the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_flatten import generate  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def time_compile(python: str, config: Path, out: Path) -> float:
    """Wall seconds of one ``python -m clickc compile -O2 --emit c config -o out``.  Raises
    CalledProcessError when clickc fails."""
    t0 = time.perf_counter()
    subprocess.run([python, "-m", "clickc", "compile", "-O2", "--emit", "c", str(config),
                    "-o", str(out)], check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", help="a second installation's Python, timed side by side")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--elements", type=int, default=5000)
    args = ap.parse_args(argv)
    pythons = [sys.executable] + ([args.python] if args.python else [])
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.click"
        big.write_text(generate(args.elements), encoding="utf-8")
        for config in (ROOT / "examples" / "iprouter.click", big):
            times: dict[str, list[float]] = {p: [] for p in pythons}
            for _ in range(args.runs):
                for p in pythons:
                    times[p].append(time_compile(p, config, Path(tmp) / "out.c"))
            meds = {p: statistics.median(t) for p, t in times.items()}
            for p in pythons:
                print(f"{config.name}: {p}: median {meds[p]:.3f} s of {args.runs} "
                      f"(min {min(times[p]):.3f}, max {max(times[p]):.3f})")
            if args.python:
                print(f"{config.name}: ratio {meds[pythons[0]] / meds[args.python]:.2f} "
                      "(first / second; below 1 is faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
