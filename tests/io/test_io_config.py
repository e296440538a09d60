"""Configuration checks of the I/O elements that need neither root nor devices."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def check(tmp_path: Path, config: str) -> subprocess.CompletedProcess[str]:
    src = tmp_path / "c.click"
    src.write_text(config, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "clickc", "check", str(src)],
                          capture_output=True, text=True, timeout=120)


def test_bad_method_is_a_configuration_error(tmp_path: Path) -> None:
    r = check(tmp_path, "FromDevice(eth0, METHOD NETMAP) -> Queue -> ToDevice(eth1, METHOD FOO);")
    assert r.returncode == 1
    assert "c.click:1: While configuring 'FromDevice@1 :: FromDevice':" in r.stderr
    assert "bad METHOD 'NETMAP'; expected LINUX, PCAP or XDP" in r.stderr
    assert "bad METHOD 'FOO'" in r.stderr  # every error, as Click reports them all


def test_linux_and_pcap_methods_are_accepted(tmp_path: Path) -> None:
    r = check(tmp_path, "FromDevice(eth0, METHOD PCAP) -> Queue -> ToDevice(eth1, METHOD LINUX);")
    assert r.returncode == 0, r.stderr
