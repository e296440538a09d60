"""EtherPauseSource (issue 19): the PAUSE frame's bytes, pull and push (timer) modes, LIMIT,
and the src/dst/pausetime handlers (Click's elements/ethernet/etherpausesource.cc)."""

from __future__ import annotations

from pathlib import Path

from .harness import run

CONFIG = """
define($OUT .);
pl :: EtherPauseSource(02:00:00:00:00:01, 390, LIMIT 3) -> ToDump($OUT/pull.pcap);
ps :: EtherPauseSource(02:00:00:00:00:01, 0x1234, DST 02:00:00:00:00:09, LIMIT 2,
                       INTERVAL 0.01) -> ToDump($OUT/push.pcap);
h :: EtherPauseSource(02:00:00:00:00:01, 1, ACTIVE false) -> Discard;
Script(write h.src 02:00:00:00:00:05, write h.dst 02:00:00:00:00:06, write h.pausetime 77);
"""


def _frame(src: bytes, dst: bytes, quanta: int) -> bytes:
    return dst + src + b"\x88\x08\x00\x01" + quanta.to_bytes(2, "big") + bytes(46)


def test_etherpausesource(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [], ["pl.count", "ps.count", "h.src", "h.dst", "h.pausetime",
                                   "h.count", "h.active", "pl.limit"])
    src = bytes.fromhex("020000000001")
    assert r.frames("pull") == [_frame(src, bytes.fromhex("0180c2000001"), 390)] * 3
    assert r.frames("push") == [_frame(src, bytes.fromhex("020000000009"), 0x1234)] * 2
    h = r.handlers
    assert (h["pl.count"], h["ps.count"], h["h.count"], h["pl.limit"]) == ("3", "2", "0", "3")
    assert (h["h.src"], h["h.dst"], h["h.pausetime"], h["h.active"]) == \
        ("02-00-00-00-00-05", "02-00-00-00-00-06", "77", "false")
