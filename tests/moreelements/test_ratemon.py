"""IPRateMonitor measuring a steady rate (clickc only: the rates depend on the clock, so they
cannot equal Click's to the digit; the same configuration under Click 2.1 gave the same four
nested lines with a forward rate of 984.6 and mem 8480).

1000 packets a second from 10.1.2.3 for one second, THRESH 100: every level of the address
zooms in (4 tables of 2080 bytes and 4 counters of 40 in Click's accounting), and `look`
shows one line per level, indented one tab per level, with a forward rate near 1000 packets
per second and a reverse rate of 0."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CONFIG = """
RatedSource(RATE 1000, LIMIT 1000, STOP true) -> UDPIPEncap(10.1.2.3, 1, 192.168.0.9, 2)
  -> m :: IPRateMonitor(PACKETS, 1, 100) -> Discard;
"""


def test_zooms_in_at_a_steady_rate(tmp_path: Path) -> None:
    """Four nested prefixes, rates near 1000/s, Click's memory accounting."""
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    p = subprocess.run([sys.executable, "-m", "clickc", "run", str(cfg), "-h", "m.look",
                        "-h", "m.mem"], capture_output=True, text=True, timeout=600,
                       cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    out = p.stdout.split("\n")
    assert out[0] == "m.look:"
    epochs = int(out[1])
    assert 100 <= epochs <= 200  # 125 epochs a second (8 ms each)
    rows = [line.split("\t") for line in out[2:6]]
    assert [r[:-2] for r in rows] == [["10"], ["", "10.1"], ["", "", "10.1.2"],
                                      ["", "", "", "10.1.2.3"]]
    for r in rows:
        assert 700 <= float(r[-2]) <= 1300 and r[-1] == "0"
    assert out[6:10] == ["", "m.mem:", "8480", ""]
