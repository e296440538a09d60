"""ICMPPingSource's reply lines and summary (clickc only for the times, which depend on the
clock; the rest is Click's text).

Five pings answered twice each (a Tee sends every reply back twice): each first reply prints
"NAME :: ICMPPingSource: N bytes from ADDR: icmp_seq=S ttl=255 time=M.UUU ms", duplicates
print too, and at exit the summary is printed under the element's name.  Click 2.1 on the same
configuration (``$CLICK_PREFIX/bin/click ping.click -h s.summary``) prints the summary's first
line "5 packets transmitted, 5 received, +5 duplicates, -200% packet loss" (its signed
arithmetic), which must be reproduced."""

from __future__ import annotations

import re
from pathlib import Path

from tests.testlib import run_config

CONFIG = """
s :: ICMPPingSource(10.0.0.1, 10.0.0.2, INTERVAL 0.002, LIMIT 5, STOP true, DATA "nine data")
  -> CheckIPHeader -> r :: ICMPPingResponder -> t :: Tee(2) -> s;
t[1] -> s;
"""

REPLY = re.compile(r"^s :: ICMPPingSource: 9 bytes from 10\.0\.0\.2: icmp_seq=(\d) ttl=255 "
                   r"time=\d+\.\d{3} ms$")
RTT = r"rtt min/avg/max/mdev = \d+\.\d{3}/\d+\.\d{3}/\d+\.\d{3}/\d+\.\d{3}"


def test_replies_and_summary(tmp_path: Path) -> None:
    """Reply lines, duplicates, Click's summary and rtt handler formats."""
    p = run_config(tmp_path, CONFIG, "-h", "s.summary", "-h", "s.rtt_min", "-h", "s.count",
                   name="ping.click")
    assert p.returncode == 0, p.stderr
    err = p.stderr.splitlines()
    seqs = [int(m.group(1)) for m in map(REPLY.match, err[:10]) if m]
    assert seqs == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert err[10] == ("s :: ICMPPingSource: 5 packets transmitted, 5 received, "
                       "+5 duplicates, -200% packet loss")
    assert re.fullmatch("s :: ICMPPingSource: " + RTT, err[11])
    out = p.stdout.split("\n")
    assert out[:2] == ["s.summary:", "5 packets transmitted, 5 received, +5 duplicates, "
                                     "-200% packet loss"]
    assert re.fullmatch(RTT, out[2])
    assert out[4] == "s.rtt_min:" and re.fullmatch(r"\d+us|0s|\d+(\.\d+)?s", out[5])
    assert out[7:9] == ["s.count:", "5"]
