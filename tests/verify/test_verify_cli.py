"""``clickc verify`` end to end (docs/verify.md, issue 24): examples/iprouter.click at -O2 -j 2
delivers what -O0 delivers on real captures now that file sources wait for the cross-thread
Queues (back-pressure); with the back-pressure turned off (``-DCK_RING_BACKPRESSURE=0``: the
queue drops when full, as before the fix) the same plan loses packets at q1 and the report
says where, and the exit status is 1."""

from __future__ import annotations

import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.testlib import PCAPS

REPO = Path(__file__).resolve().parents[2]
ZEEK = PCAPS / "zeek-echo-connections.pcap"   # 82,582 TCP packets, all to eth1 (OUT1)
GNUTELLA = PCAPS / "ndpi-gnutella.pcap"       # the capture iprouter.click was written for
N = 20_000


def _head(src: Path, dst: Path, count: int) -> Path:
    """The first ``count`` records of a little-endian classic pcap file."""
    b = src.read_bytes()
    off = 24
    for _ in range(count):
        caplen = struct.unpack("<I", b[off + 8:off + 12])[0]
        off += 16 + caplen
    dst.write_bytes(b[:off])
    return dst


def _verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "clickc", "verify", *args],
                          capture_output=True, text=True, timeout=600, cwd=REPO)


@pytest.fixture(scope="module")
def zeek20k(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not ZEEK.is_file() or not GNUTELLA.is_file():
        pytest.skip("../shared/pcaps not available")
    return _head(ZEEK, tmp_path_factory.mktemp("pcap") / "zeek-20k.pcap", N)


def test_iprouter_plan_equivalent(zeek20k: Path) -> None:
    r = _verify("examples/iprouter.click", "-O2", "-j", "2",
                "--input", str(zeek20k), "--input", str(GNUTELLA))
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].endswith("zeek-20k.pcap: -O2 -j 2 against -O0 -j 1")
    assert f"  equivalent: {N + 1:,} packets on 2 ports" in lines[1]   # + one ARP query
    assert sum(1 for x in lines if x.startswith("  equivalent:")) == 2, r.stdout


def test_broken_plan_located(zeek20k: Path) -> None:
    """Without back-pressure the source outruns thread 1: packets are lost at q1 (queue full)
    and, depending on timing, at the ARPQuerier whose hold queue fills while the wire's reply
    is late; every lost packet is accounted for by a drop the report names.  Whether the
    source outruns thread 1 depends on the two CPUs' speeds at the minute: when three runs
    lose nothing (a quiet machine), the test is skipped, saying so (the comparison itself is
    tested on made-up runs in test_equivalence.py)."""
    for _ in range(3):
        r = _verify("examples/iprouter.click", "-O2", "-j", "2", "--input", str(zeek20k),
                    "--cflags=-DCK_RING_BACKPRESSURE=0")
        if r.returncode != 0:
            break
    else:
        pytest.skip("the plan without back-pressure lost no packet in 3 runs: thread 1 kept "
                    "up with the source on this machine (timing-dependent)")
    assert r.returncode == 1, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].endswith("--cflags=-DCK_RING_BACKPRESSURE=0 against -O0 -j 1")
    missing = next(x for x in lines if "packets missing" in x)
    m = re.fullmatch(r"  port OUT1: ([\d,]+) packets missing \(([\d,]+) of 20,001 written\), "
                     r"(all dropped at|dropped: .*) (.*)", missing)
    assert m, missing
    lost, written = (int(m.group(i).replace(",", "")) for i in (1, 2))
    assert lost + written == N + 1 and lost > 0
    assert "not accounted" not in missing
    assert ("q1 :: Queue (pulled on thread 1): queue full" in missing
            or "out1/arpq :: ARPQuerier: " in missing), missing
    assert any(x.startswith("  port OUT1: first differs at ") for x in lines), r.stdout
    assert lines[-1].endswith(" differences")
