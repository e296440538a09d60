"""Handlers after flow-split: a replicated Counter's ``count`` sums its replicas, a write
reaches every replica (runtime/handlers.c replica groups, docs/c-interface.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .paperrun import PCAPS, run_router

pytestmark = pytest.mark.skipif(not (shutil.which("clang") or shutil.which("gcc")),
                                reason="no C compiler")

CONFIG = """\
src :: FromDump($IN) -> Strip(14) -> CheckIPHeader -> c :: Counter -> q :: Queue
  -> ToDump($OUT);
DriverManager(wait_stop, print c.count, print c.class, write c.reset, print c.count);
"""


def test_group_read_sums_and_write_reaches_all(tmp_path: Path) -> None:
    pcap = PCAPS / "tcpreplay-test.pcap"
    if not pcap.exists():
        pytest.skip(f"{pcap} not available")
    cfg = tmp_path / "c.click"
    cfg.write_text(CONFIG)
    plain = run_router(cfg, pcap, tmp_path / "a.pcap", ["-O0"]).split()
    split = run_router(cfg, pcap, tmp_path / "b.pcap",
                       ["-O2", "-j", "2", "--pass-option", "cost=c:4000",
                        "--pass-option", "split_replicas=2"],
                       handlers=["c@r0.count", "c@r1.count"]).split()
    # DriverManager: count before the reset, class, count after; then the two -h values
    assert plain[0] != "0" and plain[1:] == ["Counter", "0"]
    assert split[:3] == plain
    assert split[3:] == ["c@r0.count:", "0", "c@r1.count:", "0"]


def test_group_read_is_the_sum_of_replicas(tmp_path: Path) -> None:
    pcap = PCAPS / "tcpreplay-test.pcap"
    if not pcap.exists():
        pytest.skip(f"{pcap} not available")
    cfg = tmp_path / "c.click"
    cfg.write_text("src :: FromDump($IN) -> Strip(14) -> CheckIPHeader -> c :: Counter "
                   "-> q :: Queue -> ToDump($OUT);\n")
    out = run_router(cfg, pcap, tmp_path / "b.pcap",
                     ["-O2", "-j", "2", "--pass-option", "cost=c:4000",
                      "--pass-option", "split_replicas=2"],
                     handlers=["c.count", "c@r0.count", "c@r1.count"]).split()
    total, r0, r1 = int(out[1]), int(out[3]), int(out[5])
    assert r0 > 0 and r1 > 0, "the capture's flows should reach both replicas"
    assert total == r0 + r1
