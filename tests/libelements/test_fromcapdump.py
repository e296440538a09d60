"""FromCapDump (issue 19; Click's elements/analysis/fromcapdump.cc): a 'cap' file's SYN, DAT
and ACK lines as 40-byte TCP packets: directions, flow reversal at RCV, Click's packet-number
to sequence-number map, FIN and SACK options, the payload length as extra length, the
annotations, CHECKSUM, gzip input and the handlers."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum, read_pcap
from tests.testlib import SANITIZE, run_config

CAP = """SND 0
INF - cap v2.13
# a comment
SYN > 1046102982.856142 0 0 40 0
SYN < 1046102982.931832 0 0 40 0
DAT > 1046102982.931941 1 1 1500 1460
ACK < 1046102983.156387 1 1 40 0
DAT > 1046102983.5 2 3 1500 1460
ACK < 1046102983.6 2 1 40 0 SACK:3-3
DAT > 1046102983.7 3 4 1500 1460 FIN
RCV
DAT < 1046102984 4 5 1500 100
"""

A, B = bytes([1, 0, 0, 1]), bytes([2, 0, 0, 2])


def _pkt(src: bytes, dst: bytes, seq: int, ack: int, flags: int, payload: int,
         opts: bytes = b"") -> bytes:
    tcp = struct.pack("!HHIIBBHHH", 1 if src == A else 2, 2 if src == A else 1, seq, ack,
                      (5 + len(opts) // 4) << 4, flags, 65535, 0, 0) + opts
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp) + payload, 0, 0, 0, 6, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    tsum = cksum(src + dst + struct.pack("!BBH", 0, 6, len(tcp)) + tcp)
    return ip + tcp[:16] + struct.pack("!H", tsum) + tcp[18:]


SYN, ACK, FIN = 0x02, 0x10, 0x01
EXPECTED = [
    # (packet, paint)
    (_pkt(A, B, 0, 0, SYN, 0), 0),
    (_pkt(B, A, 0, 1, SYN | ACK, 0), 1),
    (_pkt(A, B, 1, 1, ACK, 1460), 0),
    (_pkt(B, A, 1, 1461, ACK, 0), 1),
    # packet 2 was not seen: packet 3 starts a packet length (1460) after it
    (_pkt(A, B, 2921, 1, ACK, 1460), 0),
    (_pkt(B, A, 1, 1461, ACK, 0, bytes([1, 1, 5, 10]) + struct.pack("!II", 2921, 4381)), 1),
    (_pkt(A, B, 4381, 1, ACK | FIN, 1460), 0),
    (_pkt(B, A, 5842, 1, ACK, 100), 0),
]

CONFIG = """
f :: FromCapDump(t.cap.gz, STOP true, CHECKSUM true, AGGREGATE 7)
  -> AggregatePacketCounter -> ps :: PaintSwitch;
ps[0] -> ToDump(p0.pcap, ENCAP IP);
ps[1] -> ToDump(p1.pcap, ENCAP IP);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_cap_file(tmp_path: Path, sanitized: bool) -> None:
    (tmp_path / "t.cap.gz").write_bytes(gzip.compress(CAP.encode()))
    p = run_config(tmp_path, CONFIG, *(SANITIZE if sanitized else []), "-h", "f.encap",
                   "-h", "f.filepos", "-h", "f.filesize")
    assert p.returncode == 0, p.stderr
    for paint in (0, 1):
        got = [d for _, _, d in read_pcap(tmp_path / f"p{paint}.pcap")[1]]
        assert got == [pk for pk, pt in EXPECTED if pt == paint]
    stamps = [(s, ns) for s, ns, _ in read_pcap(tmp_path / "p0.pcap")[1]]
    assert stamps[0] == (1046102982, 856142000) and stamps[-1] == (1046102984, 0)
    assert p.stdout.split() == ["f.encap:", "IP", "f.filepos:", str(len(CAP)), "f.filesize:",
                                "-"]
    assert "saw no packets" not in p.stderr


def test_annotations(tmp_path: Path) -> None:
    """PACKET_NUMBER, SEQUENCE_NUMBER, AGGREGATE: AggregatePacketCounter lists the packet
    numbers of aggregate 7 (ANNO PACKET_NUMBER, then SEQUENCE_NUMBER)."""
    (tmp_path / "t.cap").write_text(CAP)
    config = """
f :: FromCapDump(t.cap, AGGREGATE 7) -> a :: AggregatePacketCounter
  -> b :: AggregatePacketCounter(ANNO SEQUENCE_NUMBER) -> Discard;
DriverManager(wait 0.3s, read a.received 7, read b.received 7);
"""
    p = run_config(tmp_path, config)
    assert p.returncode == 0, p.stderr
    assert "a.received:\n0\n1\n2\n3\n4\n" in p.stderr
    assert "b.received:\n0\n1\n3\n4\n5\n" in p.stderr
