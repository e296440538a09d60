"""Priority after replication (SMP Click §6.3, Figs. 10 and 16), on a real capture.

Both routers classify a capture into three priorities (here by protocol: ICMP high, TCP
medium, the rest low, since the capture's DSCP fields are all 0), hold every packet in the
priority queues until the source is done (the scheduler's Unqueue starts inactive; a
DriverManager activates it at the first stop request), and record the output order.

* The naive rewrite (tests/passes/paper/fig10_naive.click: medium's VPN work on its own
  Unqueue in front of the scheduler) sends low-priority packets while medium ones are still
  waiting for their Unqueue.
* flow-split's replication of fig10.click (Fig. 16, -O2 -j 2) never does within a replica:
  each replica's output is all its high, then all its medium, then all its low packets.
  Which replica a packet took is recomputed from HashSwitch(16, 4) (the sum of the destination
  address bytes, folded as Click's HashSwitch does for 2 outputs).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .paperrun import PAPER, PCAPS, read_pcap, run_router, runnable

pytestmark = pytest.mark.skipif(not (shutil.which("clang") or shutil.which("gcc")),
                                reason="no C compiler")

CAPTURE = "tcpreplay-test.pcap"   # 12 ICMP, 106 TCP, 28 UDP and more (INDEX.tsv)
PRIO = {1: 0, 6: 1}               # ICMP high, TCP medium, everything else low


def _prepare(text: str, extra_driver: str = "") -> str:
    text = runnable(text)
    text = text.replace("IPClassifier(ip dscp >= 40, ip dscp >= 8, -)",
                        "IPClassifier(icmp, tcp, -)")
    text = re.sub(r"\b(m?uq) :: Unqueue\b", r"\1 :: Unqueue(ACTIVE false)", text)
    return text + ("DriverManager(wait_stop, write uq.active true, wait_stop"
                   f"{extra_driver});\n")


def _prio(pkt: bytes) -> int:
    return PRIO.get(pkt[14 + 9], 2)          # EtherEncap put 14 bytes in front


def _replica(pkt: bytes) -> int:
    d = sum(pkt[14 + 16:14 + 20])
    return (d ^ (d >> 4)) & 1


def _low_before_waiting_medium(order: list[bytes]) -> bool:
    """Whether a low-priority packet left before some medium one (all were queued first)."""
    seen_low = False
    for p in order:
        if _prio(p) == 2:
            seen_low = True
        elif _prio(p) == 1 and seen_low:
            return True
    return False


@pytest.fixture
def capture() -> Path:
    pcap = PCAPS / CAPTURE
    if not pcap.exists():
        pytest.skip(f"{pcap} not available")
    return pcap


def test_naive_split_sends_low_while_medium_waits(tmp_path: Path, capture: Path) -> None:
    cfg = tmp_path / "naive.click"
    cfg.write_text(_prepare((PAPER / "fig10_naive.click").read_text(),
                            ", write muq.active true, wait_stop"))
    run_router(cfg, capture, tmp_path / "out.pcap", ["-O0"])
    order = read_pcap(tmp_path / "out.pcap")
    assert {_prio(p) for p in order} == {0, 1, 2}
    assert _low_before_waiting_medium(order)


def test_fig16_replication_keeps_priority_per_replica(tmp_path: Path, capture: Path) -> None:
    cfg = tmp_path / "fig10.click"
    cfg.write_text(_prepare((PAPER / "fig10.click").read_text()))
    opts = ["-O2", "-j", "2", "--pass-option", "cost=auth:1500,encrypt:3000",
            "--pass-option", "split_replicas=2"]
    flat = subprocess.run(["clickc", "--emit", "flat", str(cfg), "-o", "-", *opts],
                          capture_output=True, text=True, check=True).stdout
    assert "ps@r0 :: PrioSched" in flat and "ps@r1 :: PrioSched" in flat
    assert "ipc@split :: HashSwitch(16, 4)" in flat
    run_router(cfg, capture, tmp_path / "out.pcap", opts)
    order = read_pcap(tmp_path / "out.pcap")
    # the unsplit router sends the same packets
    run_router(cfg, capture, tmp_path / "plain.pcap", ["-O0"])
    plain = read_pcap(tmp_path / "plain.pcap")
    assert sorted(order) == sorted(plain)
    for k in (0, 1):
        mine = [_prio(p) for p in order if _replica(p) == k]
        assert {0, 1, 2} <= set(mine) or len(set(mine)) >= 2, "replica got too little"
        assert mine == sorted(mine), f"replica {k} broke priority: {mine}"
    # and the unsplit router keeps it globally
    prios = [_prio(p) for p in plain]
    assert prios == sorted(prios)
