"""IP6Fragmenter (issue 19): packets of at most MTU bytes pass on output 0 as in Click; Click's
fragmentation is a stub that loses longer packets, clickc drops them with a counted reason
(Click's elements/ip6/ip6fragmenter.cc)."""

from __future__ import annotations

from pathlib import Path

from .harness import run

CONFIG = """
FromDump($IN, STOP true) -> f :: IP6Fragmenter(100) -> ToDump($OUT/out.pcap);
f[1] -> ToDump($OUT/big.pcap);
"""


def test_ip6fragmenter(tmp_path: Path) -> None:
    frames = [bytes([1]) * 60, bytes([2]) * 100, bytes([3]) * 101, bytes([4]) * 1500]
    r = run(tmp_path, CONFIG, frames, ["f.drops", "f.fragments"], sanitized=True)
    assert r.frames("out") == frames[:2]
    assert r.frames("big") == []
    assert r.handlers == {"f.drops": "2", "f.fragments": "0"}
    assert r.drops["f"] == {"larger than MTU": 2}
