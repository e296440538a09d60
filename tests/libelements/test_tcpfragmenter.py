"""TCPFragmenter (issue 19): a TCP packet whose payload exceeds MTU minus its headers becomes
packets of at most that payload, each a copy of the packet (Ethernet header included) with
the IP length, sequence number, FIN bit (Click's offset + MTU test) and both checksums
redone; smaller packets pass untouched; MTU_ANNO; handlers (Click's
elements/tcpudp/tcpfragmenter.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import DST, SRC, run

CONFIG = """
FromDump($IN, STOP true) -> Strip(14) -> MarkIPHeader -> Unstrip(14)
  -> f :: TCPFragmenter(MTU 60) -> ToDump($OUT/out.pcap);
"""
CONFIG_ANNO = """
FromDump($IN, STOP true) -> Strip(14) -> MarkIPHeader -> Unstrip(14)
  -> SetAnnoByte(40, 50) -> SetAnnoByte(41, 0)
  -> f :: TCPFragmenter(MTU_ANNO 40) -> ToDump($OUT/out.pcap);
"""


def _frame(payload: bytes, seq: int, flags: int) -> bytes:
    src, dst = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    tcp = struct.pack("!HHIIBBHHH", 1000, 80, seq, 7, 0x50, flags, 512, 0, 0) + payload
    s = cksum(src + dst + struct.pack("!BBH", 0, 6, len(tcp)) + tcp)
    tcp = tcp[:16] + struct.pack("!H", s) + tcp[18:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), 9, 0, 64, 6, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    return DST + SRC + b"\x08\x00" + ip + tcp


def test_tcpfragmenter(tmp_path: Path) -> None:
    data = bytes(range(50))
    small = _frame(b"abc", 100, 0x18)
    big = _frame(data, 1000, 0x19)  # PSH ACK FIN, 50 bytes of payload
    r = run(tmp_path, CONFIG, [small, big],
            ["f.count", "f.fragmented_count", "f.fragments"], sanitized=True)
    # MTU 60 - 40 header bytes: 20 payload bytes per packet; Click clears FIN only where
    # offset + MTU < payload length, which with MTU 60 > 50 is nowhere: every piece keeps it
    want = [small]
    for off in (0, 20, 40):
        fin = 0x01 if off + 60 >= 50 else 0
        want.append(_frame(data[off:off + 20], 1000 + off, 0x18 | fin))
    assert r.frames("out") == want
    assert r.handlers == {"f.count": "2", "f.fragmented_count": "1", "f.fragments": "3"}


def test_tcpfragmenter_anno_and_check(tmp_path: Path) -> None:
    data = bytes(range(30))
    r = run(tmp_path, CONFIG_ANNO, [_frame(data, 5, 0x10)], ["f.fragments"])
    # MTU_ANNO holds 50 (host byte order, little-endian): 10 payload bytes per packet
    assert r.frames("out") == [_frame(data[o:o + 10], 5 + o, 0x10) for o in (0, 10, 20)]
    (tmp_path / "bad").mkdir()
    bad = run(tmp_path / "bad", "Idle -> TCPFragmenter -> Discard;", [], expect_ok=False)
    assert "At least one of MTU and MTU_ANNO must be set" in bad.stderr
