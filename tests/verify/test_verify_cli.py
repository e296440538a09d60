"""``clickc verify`` end to end (docs/verify.md, issue 24): examples/iprouter.click at -O2 -j 2
delivers what -O0 delivers on real captures now that file sources wait for the cross-thread
Queues (back-pressure); with the back-pressure turned off (``-DCK_RING_BACKPRESSURE=0``: the
queue drops when full, as before the fix) the same plan loses packets at q1 and the report
says where, and the exit status is 1."""

from __future__ import annotations

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
    r = _verify("examples/iprouter.click", "-O2", "-j", "2", "--input", str(zeek20k),
                "--cflags=-DCK_RING_BACKPRESSURE=0")
    assert r.returncode == 1, r.stdout + r.stderr
    out = r.stdout
    assert "--cflags=-DCK_RING_BACKPRESSURE=0 against -O0 -j 1" in out.splitlines()[0]
    missing = next(x for x in out.splitlines() if "packets missing" in x)
    assert missing.startswith("  port OUT1: ")
    assert missing.endswith("all dropped at q1 :: Queue (pulled on thread 1): queue full")
    assert "  port OUT1: first differs at q1 :: Queue output 0: " in out
    assert "in the plan, 20,001 in the plain program" in out
    assert "q1 :: Queue: packets out [" in out and "plain none" in out
