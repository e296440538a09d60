"""Facts about the machine the cost model is calibrated on: the cross-CPU round trip of a cache
line (measured once by a small probe, then cached), the counter rate, and the data caches.

The probe is the method of bench/xcpu.c: two threads pinned to CPUs 0 and 1 bounce one atomic
flag; the round trip (CPU 0 -> CPU 1 -> CPU 0, ns) is the smallest of :data:`PROBE_RUNS` runs
of :data:`PROBE_ROUNDS` rounds (on a shared machine a run in which either thread lost its CPU
measures the scheduler, not the caches: 50-3000 ns in one minute on the project's VM, whose
undisturbed figure is 50-120 ns or, for minutes at a time, 380-420 ns).  It runs the first
time a parallel plan is priced on a machine and the result is kept in clickc's cache
directory (``$XDG_CACHE_HOME/clickc``, where the compiled runtime objects are kept), in
``machine-KEY.json`` where KEY hashes the CPU model, the CPU count and the host name, so a
second compilation on the machine does not probe again.  Cache sizes come from sysfs
(``/sys/devices/system/cpu/cpu0/cache/index*/{level,type,size}``), the clock from
``/proc/cpuinfo`` (``cpu MHz``).

``CLICKC_MACHINE`` in the environment chooses the source: unset or ``auto`` (cache, else probe),
``nominal`` (no probe: the documented nominal machine of docs/passes.md, which prices a transfer
at the historical 340 cycles), or ``XCPU_NS`` (a round trip in ns, e.g. ``400``), for
reproducible plans and tests.  Nothing here raises: a machine that cannot be probed (one CPU,
no C compiler, a probe that times out) gets the nominal figures, and ``source`` says why.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass, replace
from pathlib import Path

#: Rounds of one probe run (each is one round trip; 1-10 ms on the project's VMs), and runs.
PROBE_ROUNDS = 20_000
PROBE_RUNS = 7

#: Nominal machine (no probe): a 2.6 GHz core, 32 KiB L1d, 1 MiB L2, 32 MiB L3, and the
#: round trip whose transfer price is the historical 340 cycles (docs/passes.md, "Cost model").
NOMINAL_GHZ = 2.6
NOMINAL_XCPU_NS = 100.0

_PROBE_C = r"""
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static _Alignas(64) _Atomic int flag;
static long rounds;
static void pin(int cpu) {
    cpu_set_t s; CPU_ZERO(&s); CPU_SET(cpu, &s);
    pthread_setaffinity_np(pthread_self(), sizeof s, &s);
}
static void *pong(void *arg) {
    (void)arg; pin(1);
    for (long i = 0; i < rounds; i++) {
        while (atomic_load_explicit(&flag, memory_order_acquire) != 1) ;
        atomic_store_explicit(&flag, 0, memory_order_release);
    }
    return NULL;
}
int main(int argc, char **argv) {
    rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
    if (rounds < 1) return 2;
    pthread_t t; pin(0);
    if (pthread_create(&t, NULL, pong, NULL) != 0) return 1;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < rounds; i++) {
        atomic_store_explicit(&flag, 1, memory_order_release);
        while (atomic_load_explicit(&flag, memory_order_acquire) != 0) ;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    pthread_join(t, NULL);
    printf("%.1f\n", ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec))
           / (double)rounds);
    return 0;
}
"""


@dataclass(frozen=True)
class MachineFacts:
    """What the cost model knows of the machine.

    xcpu_ns: cache-line round trip between two CPUs (ns); ghz: core clock (cycles per ns);
    l1d, l2, l3: data cache sizes of CPU 0 in bytes (0: unknown); cpus: online CPUs;
    source: where the round trip came from ("probe", "cache FILE", "nominal: WHY",
    "CLICKC_MACHINE")."""

    xcpu_ns: float = NOMINAL_XCPU_NS
    ghz: float = NOMINAL_GHZ
    l1d: int = 32 << 10
    l2: int = 1 << 20
    l3: int = 32 << 20
    cpus: int = 2
    source: str = "nominal"

    @property
    def line_cycles(self) -> float:
        """Cycles of one cache line moving from one CPU to another (half a round trip)."""
        return self.xcpu_ns / 2 * self.ghz


def _size(text: str) -> int:
    t = text.strip().upper()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(t[-1:], 1)
    digits = t[:-1] if t[-1:] in "KMG" else t
    try:
        return int(digits) * mult
    except ValueError:
        return 0


def read_caches(root: Path = Path("/sys/devices/system/cpu/cpu0/cache")) -> dict[str, int]:
    """{"l1d", "l2", "l3"} data/unified cache sizes in bytes from sysfs (missing: absent)."""
    out: dict[str, int] = {}
    try:
        dirs = sorted(root.glob("index*"))
    except OSError:
        return out
    for d in dirs:
        try:
            level = (d / "level").read_text().strip()
            kind = (d / "type").read_text().strip()
            size = _size((d / "size").read_text())
        except OSError:
            continue
        if kind == "Instruction" or size <= 0:
            continue
        key = "l1d" if level == "1" else f"l{level}"
        if key in ("l1d", "l2", "l3"):
            out[key] = size
    return out


def read_ghz(cpuinfo: Path = Path("/proc/cpuinfo")) -> float | None:
    """The first ``cpu MHz`` of /proc/cpuinfo in GHz, or None."""
    try:
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("cpu MHz"):
                return float(line.split(":", 1)[1]) / 1000.0
    except (OSError, ValueError, IndexError):
        return None
    return None


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def machine_key() -> str:
    """A short hash of the CPU model, the CPU count and the host name (the cache file's key)."""
    text = f"{_cpu_model()}|{os.cpu_count()}|{platform.node()}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def probe_xcpu_ns(rounds: int = PROBE_ROUNDS, timeout: float = 20.0) -> float | None:
    """Build and run the round-trip probe (module docstring); the smallest of
    :data:`PROBE_RUNS` runs in ns, or None (fewer than 2 CPUs, no C compiler, a failed or
    timed-out run)."""
    if (os.cpu_count() or 1) < 2:
        return None
    cc = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if cc is None:
        return None
    with tempfile.TemporaryDirectory(prefix="clickc-xcpu-") as tmp:
        src, exe = Path(tmp) / "xcpu.c", Path(tmp) / "xcpu"
        src.write_text(_PROBE_C)
        try:
            r = subprocess.run([cc, "-O2", "-pthread", str(src), "-o", str(exe)],
                               capture_output=True, text=True, timeout=60)
            if r.returncode != 0:
                return None
            vals = []
            for _ in range(PROBE_RUNS):
                r = subprocess.run([str(exe), str(rounds)], capture_output=True, text=True,
                                   timeout=timeout)
                if r.returncode != 0:
                    return None
                vals.append(float(r.stdout))
        except (OSError, subprocess.SubprocessError, ValueError):
            return None
    return min(vals)


def _base() -> MachineFacts:
    caches = read_caches()
    ghz = read_ghz()
    return replace(MachineFacts(), ghz=ghz or NOMINAL_GHZ, cpus=os.cpu_count() or 1,
                   l1d=caches.get("l1d", MachineFacts.l1d), l2=caches.get("l2", MachineFacts.l2),
                   l3=caches.get("l3", MachineFacts.l3))


_MEMO: dict[str, MachineFacts] = {}


def cache_facts() -> MachineFacts:
    """The nominal round trip with this machine's clock and caches (sysfs, /proc/cpuinfo): what
    pricing a table lookup needs, without the probe.  Remembered for the process."""
    if "caches" not in _MEMO:
        _MEMO["caches"] = replace(_base(), source="nominal (caches from sysfs)")
    return _MEMO["caches"]


def _cache_dir() -> Path:
    """clickc's cache directory (the one clickc.backend.cc keeps runtime objects in; the
    passes sit below the backend, so the rule is restated): ``$XDG_CACHE_HOME/clickc``, else
    ``~/.cache/clickc`` (created)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    d = Path(base) / "clickc"
    d.mkdir(parents=True, exist_ok=True)
    return d


def machine_facts(cache_dir: Path | None = None, env: str | None = None) -> MachineFacts:
    """The machine's facts (module docstring).  ``env`` defaults to ``$CLICKC_MACHINE``;
    ``cache_dir`` to clickc's cache.  Remembered for the life of the process."""
    mode = (os.environ.get("CLICKC_MACHINE", "auto") if env is None else env).strip() or "auto"
    if mode in _MEMO:
        return _MEMO[mode]
    facts = _facts(mode, cache_dir)
    _MEMO[mode] = facts
    return facts


def _facts(mode: str, cache_dir: Path | None) -> MachineFacts:
    if mode == "nominal":
        return MachineFacts(source="nominal: CLICKC_MACHINE=nominal")
    if mode != "auto":
        try:
            ns = float(mode)
        except ValueError:
            ns = -1.0
        if ns <= 0:
            return MachineFacts(source=f"nominal: CLICKC_MACHINE={mode!r} is not auto, "
                                       "nominal or a round trip in ns")
        return replace(_base(), xcpu_ns=ns, source="CLICKC_MACHINE")
    base = _base()
    path: Path | None = None
    try:
        if cache_dir is None:
            cache_dir = _cache_dir()
        path = cache_dir / f"machine-{machine_key()}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        ns = float(data["xcpu_ns"])
        if ns > 0:
            return replace(base, xcpu_ns=ns, source=f"cache {path}")
    except (OSError, ValueError, KeyError, TypeError):
        pass
    ns2 = probe_xcpu_ns()
    if ns2 is None:
        return replace(base, source="nominal: the round-trip probe could not run")
    facts = replace(base, xcpu_ns=ns2, source="probe")
    if path is not None:
        try:
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(asdict(facts), indent=1), encoding="utf-8")
            tmp.replace(path)
        except OSError:
            pass
    return facts
