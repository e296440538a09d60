"""``clickc verify`` over every example and the plans of issue 24, in CI by default.

The matrix: every configuration in examples/ at -O1, -O2 -j 2, -O3 -j 2, -O2 -j 2 --batch 32,
-O2 -j 4 and -O2 -j 2 with a profile (``--profile-use``: the example's own profile, made by a
``--profile-generate`` build run on the same capture), on a real capture (ndpi-gnutella.pcap,
the capture the examples are written for) cut to its first CI_PACKETS packets with the repo's
own pcap reader (compiler/pcapfile.py).  In this default version the C compiler builds the
programs without optimization (``--cflags=-O0 -fno-lto``: clickc's passes are those of the
level; the C compiler's optimization is not what verify checks), and ``clickc verify`` builds
each program once: its program cache (docs/verify.md) keeps the plain program of every
example for all its plans, and a second run of the matrix builds only the profiling programs.
139 s of CPU time with no program cached, 101 s with them cached (docs/verify.md).

``CLICKC_VERIFY_ALL=1`` runs the long version: the whole capture, every program built at its
level's C optimization (-O3 and link-time optimization for -O2), and -O1 -j 2 too.

A configuration with timing elements (a rate or a clock paces a Queue's drain: qos.click's
2 Mbps links) may lose different packets in the two runs by itself; there the report must
still be produced (exit 0 or 1, never an error)."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from clickc.elements import registry
from clickc.pcapfile import read_pcap

from tests.testlib import PCAPS

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "examples").glob("*.click"))
ALL = os.environ.get("CLICKC_VERIFY_ALL") == "1"
PLANS = [["-O1"], ["-O2", "-j", "2"], ["-O3", "-j", "2"], ["-O2", "-j", "2", "--batch", "32"],
         ["-O2", "-j", "4"], ["-O2", "-j", "2", "--profile-use"]]  # + the example's profile
if ALL:
    PLANS.insert(1, ["-O1", "-j", "2"])
CAPTURE = PCAPS / "ndpi-gnutella.pcap"
#: Packets of CAPTURE the default version uses (the long version: all 3,905).
CI_PACKETS = 1000
#: C flags of the default version: the C compiler's fastest build.
CI_CFLAGS = [] if ALL else ["--cflags=-O0 -fno-lto"]


#: Classes that pace packets by a rate or the clock (``ElementSpec.paced``).
TIMED = sorted(s.name for s in registry.all_specs() if s.paced)


def _timed(example: str) -> bool:
    text = (REPO / example).read_text()
    return any(f"{cls}(" in text for cls in TIMED)


def head_pcap(src: Path, dst: Path, count: int) -> Path:
    """Write the first ``count`` packets of the capture ``src`` to ``dst`` (a little-endian
    microsecond pcap file of the same link type, read with clickc.pcapfile); returns ``dst``."""
    linktype, packets = read_pcap(src)
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 262144, linktype)]
    for sec, nsec, data in packets[:count]:
        out.append(struct.pack("<IIII", sec, nsec // 1000, len(data), len(data)) + data)
    dst.write_bytes(b"".join(out))
    return dst


@pytest.fixture(scope="module")
def capture(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CAPTURE.is_file():
        pytest.skip("../shared/pcaps not available")
    if ALL:
        return CAPTURE
    return head_pcap(CAPTURE, tmp_path_factory.mktemp("pcap") / "gnutella-head.pcap",
                     CI_PACKETS)


@pytest.fixture(scope="module")
def profile_of(capture: Path, tmp_path_factory: pytest.TempPathFactory
               ) -> Callable[[str], Path]:
    """example -> its profile: built at -O1 -j 1 with --profile-generate and run on the
    capture (once per example)."""
    made: dict[str, Path] = {}

    def make(example: str) -> Path:
        if example not in made:
            work = tmp_path_factory.mktemp(Path(example).stem)
            prof, prog = work / "r.prof", work / "r"
            r = subprocess.run([sys.executable, "-m", "clickc", "-O1", "-j", "1",
                                f"--profile-generate={prof}", str(REPO / example),
                                f"IN={capture}", "-o", str(prog), *CI_CFLAGS],
                               capture_output=True, text=True, cwd=work, timeout=900)
            assert r.returncode == 0, r.stderr[-3000:]
            r = subprocess.run([str(prog)], capture_output=True, text=True, cwd=work,
                               timeout=300)
            assert r.returncode == 0 and prof.is_file(), (example, r.stderr[-3000:])
            made[example] = prof
        return made[example]
    return make


def _plan_id(plan: list[str]) -> str:
    return "".join(plan).replace("-", "_")


def _check(example: str, plan: list[str], capture: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "clickc", "verify", example, "--input",
                        str(capture), *plan, *CI_CFLAGS], capture_output=True, text=True,
                       timeout=1200, cwd=REPO)
    ok = (0, 1) if _timed(example) else (0,)
    assert r.returncode in ok, r.stdout + r.stderr
    assert r.stdout.startswith(f"clickc verify: {example} on "), r.stdout + r.stderr


def test_smoke_forward_two_threads(capture: Path) -> None:
    _check("examples/forward.click", ["-O2", "-j", "2"], capture)


@pytest.mark.parametrize("plan", PLANS, ids=_plan_id)
@pytest.mark.parametrize("example", EXAMPLES)
def test_example_plan_equivalent(example: str, plan: list[str], capture: Path,
                                 profile_of: Callable[[str], Path]) -> None:
    if plan[-1] == "--profile-use":
        plan = [*plan, str(profile_of(example))]
    _check(example, plan, capture)
