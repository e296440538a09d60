"""EnsureDPDKBuffer (issue 19; FastClick's elements/userlevel/ensuredpdkbuffer.cc), in a router
whose EAL runs without hugepages or devices: packets made by the router are copied into mbufs
(data, paint annotation and timestamp kept), so a second EnsureDPDKBuffer(FAIL true) passes
them; FAIL drops the others with five warnings; a packet too long for an mbuf is a counted
drop; FORCE_COPY with FAIL is Click's configuration error.  Skipped without DPDK."""

from __future__ import annotations

import json
import subprocess
import uuid
from pathlib import Path

import pytest

from tests.pktlib import read_pcap
from tests.testlib import clickc, run_config

needs_dpdk = pytest.mark.skipif(
    subprocess.run(["pkg-config", "--exists", "libdpdk"]).returncode != 0,
    reason="DPDK development files are not installed")

CONFIG = """
InfiniteSource(LENGTH 100, LIMIT 7, STOP true) -> Paint(3) -> SetTimestamp
  -> e :: EnsureDPDKBuffer(EXTRA_HEADROOM 16) -> f :: EnsureDPDKBuffer(FAIL true)
  -> CheckPaint(3) -> c :: Counter -> ToDump(out.pcap);
InfiniteSource(LIMIT 6, STOP false) -> g :: EnsureDPDKBuffer(FAIL true) -> Discard;
InfiniteSource(LENGTH 3000, LIMIT 1, STOP false) -> h :: EnsureDPDKBuffer(true) -> Discard;
"""


@needs_dpdk
def test_copies_and_fails(tmp_path: Path) -> None:
    p = run_config(tmp_path, CONFIG, "-h", "c.count", "--stats=stats.json", "--dpdk",
                   "--no-huge", "--no-pci", "-m", "256", "--no-telemetry", "--log-level=error",
                   f"--file-prefix=ckedb{uuid.uuid4().hex[:8]}", "--")
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "7"
    records = read_pcap(tmp_path / "out.pcap")[1]
    assert len(records) == 7 and all(sec > 0 and len(d) == 100 for sec, _, d in records)
    drops = {e["name"]: e["drop_reasons"]
             for e in json.loads((tmp_path / "stats.json").read_text())["elements"]
             if e.get("drop_reasons")}
    assert drops == {"g": {"not a DPDK packet": 6}, "h": {"too long for a DPDK buffer": 1}}
    assert p.stderr.count("g :: EnsureDPDKBuffer : Not a DPDK packet") == 5


def test_force_copy_and_fail(tmp_path: Path) -> None:
    (tmp_path / "r.click").write_text(
        "Idle -> EnsureDPDKBuffer(true, FAIL true) -> Discard;\n")
    p = clickc(tmp_path, "check", "r.click")
    assert p.returncode == 1
    assert "You cannot have both FORCE_COPY and FAIL at the same time" in p.stderr
