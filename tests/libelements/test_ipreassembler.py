"""IPReassembler (issue 19): Click's regression test (test/ip/IPReassembler-01: a UDP datagram
fragmented by IPFragmenter(45) comes out whole again) and crafted fragments: out of order,
overlapping (later data wins), a bad middle fragment, a packet that is not a fragment, and
datagrams never completed (given up on output 1 after 30 seconds of packet time, or dropped at
exit)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run

ETH = DST + SRC + b"\x08\x00"
CLICK_TEST = """
define($IN in.pcap, $OUT .);
InfiniteSource(LIMIT 1, STOP true)
    -> UDPIPEncap(1.0.0.1, 2, 3.0.0.3, 4)
    -> EtherEncap(0x0800, 1:1:1:1:1:1, 2:2:2:2:2:2)
    -> ToDump($OUT/before.pcap)
    -> IPFragmenter(45)
    -> StripToNetworkHeader
    -> EtherEncap(0x0800, 1:1:1:1:1:1, 2:2:2:2:2:2)
    -> MarkIPHeader(14)
    -> ToDump($OUT/frags.pcap)
    -> IPReassembler
    -> ToDump($OUT/after.pcap);
"""


def _frag(ident: int, payload: bytes, off: int, more: bool, tos: int = 0) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x45, tos, 20 + len(payload), ident,
                    (0x2000 if more else 0) | off // 8, 64, 17, 0, bytes([10, 0, 0, 1]),
                    bytes([10, 0, 0, 2]))
    h = h[:10] + struct.pack("!H", cksum(h)) + h[12:]
    return ETH + h + payload


def _whole(ident: int, data: bytes, tos: int = 0) -> bytes:
    return _frag(ident, data, 0, False, tos)


DATA = bytes(range(48))
FRAMES = [
    _frag(1, DATA[:16], 0, True), _frag(1, DATA[16:32], 16, True), _frag(1, DATA[32:], 32, False),
    _frag(2, DATA[32:], 32, False), _frag(2, DATA[16:32], 16, True), _frag(2, DATA[:16], 0, True),
    _frag(3, b"A" * 16, 0, True), _frag(3, b"B" * 16, 8, True), _frag(3, b"C" * 6, 24, False),
    _frag(5, DATA[:12], 8, True),                     # a middle fragment of 12 bytes: bad
    _whole(6, b"not a fragment"),
    _frag(7, DATA[:8], 8, True),                      # never completed: given up at 1045
    _frag(9, DATA[:8], 0, True),                      # never completed: held at exit
    _whole(8, b"late"),
]
STAMPS = [(1000, i) for i in range(len(FRAMES) - 3)] + [(1001, 0), (1045, 0), (1045, 1)]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_click_regression(tmp_path: Path, sanitized: bool) -> None:
    """The datagram IPFragmenter cut into four pieces comes out as it went in."""
    r = run(tmp_path, CLICK_TEST, [], sanitized=sanitized)
    assert len(r.frames("frags")) == 4
    assert r.frames("after") == r.frames("before")


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_crafted_fragments(tmp_path: Path, sanitized: bool) -> None:
    """Reassembled datagrams, passed packets, output 1 and the drop reasons."""
    cfg = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> MarkIPHeader(14) -> r :: IPReassembler -> ToDump($OUT/out.pcap);
r[1] -> ToDump($OUT/given_up.pcap);
"""
    res = run(tmp_path, cfg, FRAMES, ["r.dump"], sanitized=sanitized, stamps=STAMPS)
    out = res.outputs["out"]
    assert [d for _, _, d in out] == [
        _whole(1, DATA), _whole(2, DATA), _whole(3, b"A" * 8 + b"B" * 16 + b"C" * 6),
        _whole(6, b"not a fragment"), _whole(8, b"late")]
    # a datagram leaves with the timestamp of the fragment that completed it
    assert [(s, ns) for s, ns, _ in out[:3]] == [(1000, 2000), (1000, 5000), (1000, 8000)]
    given_up = res.frames("given_up")
    # made from a middle fragment, it starts at its IP header (Click's Packet::make there)
    assert len(given_up) == 1 and given_up[0][4:6] == struct.pack("!H", 7)
    assert given_up[0][20:] == bytes(8) + DATA[:8]
    # (the datagram dropped "held at exit" is counted at cleanup, after --stats is written)
    assert res.drops["r"] == {"bad fragment": 1}
    dump = res.handlers["r.dump"].splitlines()
    assert dump[:4] == ["frags seen total:    12", "good reassemblies:   3",
                        "failed reassemblies: 0", "bad fragments seen:  1"]
    assert dump[5:] == [" (10.0.0.1, 1, 10.0.0.2, 515) 9 (0,8)"]
