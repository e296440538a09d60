"""End to end through ``clickc check``: the classifier elements' messages as Click prints them.

Expected text recorded from Click 2.1 with ``$CLICK_PREFIX/bin/click bad.click`` (CONFIG below,
ours), minus Click's final "Router could not be initialized!" line."""

from __future__ import annotations

import subprocess
import sys

CONFIG = """\
Idle -> c :: Classifier(12/08x0, 12/0800 !, 1/abc, -) -> Discard;
c[1] -> Discard; c[2] -> Discard; c[3] -> Discard;
Idle -> f :: IPFilter(allow tcp port > 99999, drop src host, 3 udp, allow ip ttl < 0, bogus tcp, \
allow "(tcp", allow echo) -> Discard;
Idle -> i :: IPClassifier(tcp opt syn, tcp and, src net 10/8 and ether host 00:11:22:33:44:55) \
=> Discard, Discard, Discard;
Idle -> w :: IPClassifier(tcp, udp, tcp) => Discard, Discard, Discard;
"""

CLICK_STDERR = """\
bad.click:1: While configuring 'c :: Classifier':
  pattern 0: expected a digit
  pattern 1: expected a digit
  pattern 2: value has odd number of hex digits
bad.click:3: While configuring 'f :: IPFilter':
  pattern 0: warning: relation '> 99999' is always false (range 0-65535)
  pattern 1: 'src ip host': address missing
  pattern 2: slot '3' out of range
  pattern 3: warning: relation '< 0' is always false (range 0-255)
  pattern 4: unknown slot ID 'bogus'
  pattern 5: missing ')'
  pattern 6: '<none>  echo' is ambiguous; try 'port  echo', 'port  echo', 'icmp type  echo'
bad.click:4: While configuring 'i :: IPClassifier':
  pattern 1: missing expression
bad.click:5: While configuring 'w :: IPClassifier':
  warning: output 2 matches no packets
"""


def test_clickc_check_prints_clicks_messages(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "bad.click").write_text(CONFIG)
    p = subprocess.run([sys.executable, "-m", "clickc", "check", "bad.click"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    lines = [ln for ln in p.stderr.splitlines() if "could not be initialized" not in ln]
    assert lines == CLICK_STDERR.splitlines()
