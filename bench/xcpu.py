"""The cross-CPU round trip of this machine, for the multi-threaded benchmarks' reports.

:func:`round_trip_ns` builds bench/xcpu.c once (cc, -O2) and returns the ns one cache line takes
to go from CPU 0 to CPU 1 and back (see that file: on a VM the figure may change between runs,
and two-thread routers change with it), or None when there are not two CPUs or no compiler."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
_BUILT: list[Path] = []


def round_trip_ns(rounds: int = 1_000_000) -> float | None:
    """ns per CPU 0 -> CPU 1 -> CPU 0 round trip of one cache line (median of 3), or None."""
    if (os.cpu_count() or 1) < 2:
        return None
    if not _BUILT:
        cc = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
        if cc is None:
            return None
        exe = Path(tempfile.mkdtemp(prefix="clickc-xcpu-")) / "xcpu"
        r = subprocess.run([cc, "-O2", "-pthread", str(HERE / "xcpu.c"), "-o", str(exe)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return None
        _BUILT.append(exe)
    vals = []
    for _ in range(3):
        r = subprocess.run([str(_BUILT[0]), str(rounds)], capture_output=True, text=True)
        if r.returncode != 0:
            return None
        vals.append(float(r.stdout))
    return sorted(vals)[1]


def describe(ns: float | None) -> str:
    """``"cross-CPU round trip 97 ns"`` (or that it could not be measured)."""
    return "cross-CPU round trip not measured" if ns is None else \
        f"cross-CPU round trip {ns:.0f} ns"
