"""Stress tests of runtime/ring.h: every ring kind between 2 and 4 threads, 10 million packets
each, no loss, no duplication, FIFO per producer (tests/runtime/stress/ring_stress.c checks
every item).  Built with clang and gcc at -O2, and with clang's ThreadSanitizer when
CLICKC_TSAN=1 (the TSan job of .ci/run); TSan builds skip with the reason when clang's TSan
runtime is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.testlib import require_tsan

pytestmark = pytest.mark.serial  # 2-4 threads, 10 million packets a ring (both CPUs)

REPO = Path(__file__).resolve().parents[2]
RUNTIME = REPO / "runtime"
STRESS = Path(__file__).resolve().parent / "stress" / "ring_stress.c"
PACKETS = 10_000_000
#: Packets a case of test_small_capacity_keeps_order passes through its 3-slot ring.  The ring
#: is full or empty at almost every packet, so a million packets cross those edges about a
#: million times a case; with 10 million this one test took 29 s on an idle machine and 254 s
#: at load 8 (the threads mostly yield to each other), for the same checks.
SMALL_CAPACITY_PACKETS = 1_000_000

#: (kind, producers, consumers): every ring kind with 2 to 4 threads.
CASES = [
    ("spsc", 1, 1),
    ("spsc-burst", 1, 1),
    ("mpsc", 2, 1),
    ("mpsc", 3, 1),
    ("mpmc", 2, 2),
    ("mpmc", 3, 1),
    ("mpsc-pp", 3, 1),
]
#: Under TSan (about 10x slower) one case per ring kind, at the largest thread count.
TSAN_CASES = [c for c in CASES if c not in (("mpsc", 2, 1), ("mpmc", 3, 1))]
TSAN_FLAGS = ["-O1", "-g", "-fsanitize=thread", "-fno-omit-frame-pointer"]


def _build(tmp: Path, cc: str, flags: list[str]) -> Path:
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")
    exe = tmp / f"ring_stress_{cc}{'_tsan' if '-fsanitize=thread' in flags else ''}"
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE", *flags,
           f"-I{RUNTIME}", str(STRESS), "-pthread", "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return exe


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("rings")
    return {"clang": _build(tmp, "clang", ["-O2"]), "gcc": _build(tmp, "gcc", ["-O2"])}


@pytest.fixture(scope="module")
def tsan_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("rings_tsan")
    require_tsan(tmp)
    return _build(tmp, "clang", TSAN_FLAGS)


def _run(exe: Path, kind: str, producers: int, consumers: int, capacity: int = 1000,
         packets: int = PACKETS) -> str:
    env = {**os.environ, "TSAN_OPTIONS": "halt_on_error=1 exitcode=66"}
    proc = subprocess.run([str(exe), kind, str(producers), str(consumers), str(packets),
                           str(capacity)], capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    total = packets // producers * producers
    assert proc.stdout.startswith(f"ok {kind} {producers} {consumers} {total} "), proc.stdout
    return proc.stdout


@pytest.mark.parametrize("kind,producers,consumers", CASES,
                         ids=[f"{k}-{p}p{c}c" for k, p, c in CASES])
@pytest.mark.parametrize("cc", ["clang", "gcc"])
def test_ring(builds: dict[str, Path], cc: str, kind: str, producers: int,
              consumers: int) -> None:
    _run(builds[cc], kind, producers, consumers)


@pytest.mark.parametrize("kind,producers,consumers", TSAN_CASES,
                         ids=[f"{k}-{p}p{c}c" for k, p, c in TSAN_CASES])
def test_ring_tsan(tsan_build: Path, kind: str, producers: int, consumers: int) -> None:
    _run(tsan_build, kind, producers, consumers)


def test_small_capacity_keeps_order(builds: dict[str, Path]) -> None:
    """A ring of 3 slots is full almost always: the full/empty edges and the 4.5 deferral
    (fewer packets than CK_RING_BATCH can ever be waiting) still lose nothing."""
    for kind, p, c in [("spsc", 1, 1), ("mpsc", 3, 1), ("mpmc", 2, 2)]:
        _run(builds["clang"], kind, p, c, capacity=3, packets=SMALL_CAPACITY_PACKETS)


def test_stress_detects_a_broken_ring(tmp_path: Path) -> None:
    """The checker is not blind: a producer that drops every 1000th packet (claims success
    without enqueueing) is reported as a loss."""
    src = STRESS.read_text()
    broken = src.replace("        ck_packet *p = encode(me, seq);\n",
                         "        ck_packet *p = encode(me, seq);\n"
                         "        if (seq % 1000 == 0)\n"
                         "            continue;\n", 1)
    assert broken != src
    bsrc = tmp_path / "broken.c"
    bsrc.write_text(broken)
    exe = tmp_path / "broken"
    subprocess.run(["clang", "-std=c11", "-O2", "-D_GNU_SOURCE", f"-I{RUNTIME}", str(bsrc),
                    "-pthread", "-o", str(exe)], check=True)
    proc = subprocess.run([str(exe), "spsc", "1", "1", "100000"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 1
    assert "never arrived (loss)" in proc.stderr


POOL_BENCH = Path(__file__).resolve().parent / "stress" / "pool_bench.c"


def _build_pool_bench(tmp: Path, flags: list[str]) -> Path:
    exe = tmp / "pool_bench"
    cmd = ["clang", "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE", *flags,
           f"-I{RUNTIME}", str(POOL_BENCH), *sorted(str(p) for p in RUNTIME.glob("*.c")),
           "-lpcap", "-lm", "-pthread", "-lnuma", "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return exe


@pytest.mark.parametrize("mode", ["same", "cross"])
def test_pool_across_threads(tmp_path: Path, mode: str) -> None:
    """2 million packets allocated on one thread and freed on another (through an SPSC ring)
    are all accounted for, and headers come back through the depot in batches instead of new
    slabs (at most 16384 headers carved for 2 million packets)."""
    exe = _build_pool_bench(tmp_path, ["-O2"])
    proc = subprocess.run([str(exe), mode, "2000000"], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith(f"ok {mode} 2000000 ")
    counts = dict(zip(lines[1].split()[::2], map(int, lines[1].split()[1::2]), strict=True))
    assert counts["allocated"] == counts["freed"] == 2_000_000
    if mode == "cross":
        assert counts["depot_puts"] > 1000 and counts["depot_gets"] > 1000
    else:
        assert counts["depot_puts"] == 0 and counts["malloced"] <= 64


def test_pool_across_threads_tsan(tsan_build: Path, tmp_path: Path) -> None:
    exe = _build_pool_bench(tmp_path, TSAN_FLAGS)
    proc = subprocess.run([str(exe), "cross", "2000000"], capture_output=True, text=True,
                          timeout=600,
                          env={**os.environ, "TSAN_OPTIONS": "halt_on_error=1 exitcode=66"})
    assert proc.returncode == 0, proc.stdout + proc.stderr
