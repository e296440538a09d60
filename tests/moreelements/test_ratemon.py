"""IPRateMonitor measuring a steady rate (clickc only: the rates depend on the clock, so they
cannot equal Click's to the digit; the same configuration under Click 2.1 gave the same four
nested lines with a forward rate of 984.6 and mem 8480).

1000 packets a second from 10.1.2.3 for one second, THRESH 100: every level of the address
zooms in (4 tables of 2080 bytes and 4 counters of 40 in Click's accounting), and `look`
shows one line per level, indented one tab per level, with a forward rate near 1000 packets
per second and a reverse rate of 0.  Run under ``--simtime`` (docs/runtime.md, "Simulated
time"): the second and the rates are the simulated clock's, the same on every run (125
epochs, 981.201 packets a second), so the test needs no quiet machine."""

from __future__ import annotations

from pathlib import Path

from tests.testlib import run_config

CONFIG = """
RatedSource(RATE 1000, LIMIT 1000, STOP true) -> UDPIPEncap(10.1.2.3, 1, 192.168.0.9, 2)
  -> m :: IPRateMonitor(PACKETS, 1, 100) -> Discard;
"""


def test_zooms_in_at_a_steady_rate(tmp_path: Path) -> None:
    """Four nested prefixes, rates near 1000/s, Click's memory accounting."""
    p = run_config(tmp_path, CONFIG, "--simtime", "-h", "m.look", "-h", "m.mem")
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
