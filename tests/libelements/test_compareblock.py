"""CompareBlock (issue 19): output 1 when a rate annotation is above THRESH and the weighted
forward rate exceeds the weighted reverse rate, rates below 1 counted as 1; its fwd_weight and
rev_weight handlers with Click's messages, and Block's `thresh`, which shares the parser
(Click's elements/standard/compblock.cc and block.cc)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import DST, SRC, run

FRAMES = [DST + SRC + b"\x08\x00" + bytes(46)] * 2

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(5);
t[0] -> Paint(200, 20) -> Paint(50, 24) -> a :: CompareBlock(1, 1, 100);
t[1] -> Paint(50, 20) -> Paint(60, 24) -> b :: CompareBlock(1, 1, 100);
t[2] -> Paint(200, 20) -> Paint(250, 24) -> c :: CompareBlock(1, 1, 100);
t[3] -> Paint(200, 20) -> Paint(250, 24) -> d :: CompareBlock(2, 1, 100);
t[4] -> Paint(0, 20) -> Paint(0, 24) -> e :: CompareBlock(1, 0, -1);
a[0] -> ToDump($OUT/a0.pcap); a[1] -> ToDump($OUT/a1.pcap);
b[0] -> ToDump($OUT/b0.pcap); b[1] -> ToDump($OUT/b1.pcap);
c[0] -> ToDump($OUT/c0.pcap); c[1] -> ToDump($OUT/c1.pcap);
d[0] -> ToDump($OUT/d0.pcap); d[1] -> ToDump($OUT/d1.pcap);
e[0] -> ToDump($OUT/e0.pcap); e[1] -> ToDump($OUT/e1.pcap);
Idle -> k :: Block(5) -> Discard; k[1] -> Discard;
DriverManager(wait_stop, write c.fwd_weight 3, write c.rev_weight, write c.fwd_weight x,
       write k.thresh, write k.thresh 7, stop);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_compareblock(tmp_path: Path, sanitized: bool) -> None:
    r = run(tmp_path, CONFIG, FRAMES,
            handlers=["c.fwd_weight", "c.rev_weight", "d.fwd_weight", "k.thresh"],
                    sanitized=sanitized)
    counts = {k: len(v) for k, v in r.outputs.items()}
    assert counts == {"a0": 0, "a1": 2, "b0": 2, "b1": 0, "c0": 2, "c1": 0, "d0": 0, "d1": 2,
                      "e0": 0, "e1": 2}
    assert r.handlers == {"c.fwd_weight": "3", "c.rev_weight": "1", "d.fwd_weight": "2",
                          "k.thresh": "7"}
    assert "expecting one integer" in r.stderr
    assert "not an integer" in r.stderr
    assert "expecting 1 integer" in r.stderr
