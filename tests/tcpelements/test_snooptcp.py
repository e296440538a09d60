"""SnoopTCP (issue 19): the Snoop protocol as Click's elements/tcpudp/snooptcp.cc lays it out.
No Click oracle exists: Click's build leaves SnoopTCP out (its source requires 'false', and its
initialization fails with "SnoopTCP is not ready to use"), so these tests check the behaviour
directly on a crafted connection: the server's segments pass and are kept, a new
acknowledgement frees them, duplicate acknowledgements are held back (counted drops) while the
kept segment is retransmitted locally on output 2, a sender retransmission lets them through,
and other traffic passes unchanged."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.libelements.harness import run
from tests.pktlib import cksum

SERVER, MH = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])


def _frame(src: bytes, dst: bytes, sport: int, dport: int, seq: int, ack: int, flags: int,
           payload: bytes = b"", win: int = 8192, proto: int = 6) -> bytes:
    """An Ethernet frame holding an IPv4 TCP segment (or a UDP datagram, proto 17)."""
    if proto == 6:
        l4 = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, flags, win, 0, 0)
    else:
        l4 = struct.pack("!HHHH", sport, dport, 8 + len(payload), 0)
    l4 += payload
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), 1, 0, 64, proto, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    return bytes.fromhex("020000000002020000000001") + b"\x08\x00" + ip + l4


def data(seq: int) -> bytes:
    """The server's 100-byte segment ``seq``."""
    return _frame(SERVER, MH, 80, 1000, seq, 1, 0x18, bytes([seq % 251]) * 100)


def ack(n: int, win: int = 8192) -> bytes:
    """The mobile host's pure acknowledgement of ``n``."""
    return _frame(MH, SERVER, 1000, 80, 1, n, 0x10, win=win)


CONFIG = """
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader
  -> c :: IPClassifier(src host 10.0.0.1, -);
c[0] -> [0]s :: SnoopTCP;
c[1] -> [1]s;
s[0] -> ToDump($OUT/o0.pcap, ENCAP IP);
s[1] -> ToDump($OUT/o1.pcap, ENCAP IP);
s[2] -> ToDump($OUT/o2.pcap, ENCAP IP);
s[3] -> ToDump($OUT/o3.pcap, ENCAP IP);
"""


def _seqs(frames: list[bytes]) -> list[tuple[str, int]]:
    """("D", seq) for a server segment, ("A", ack) for an acknowledgement, ("U", 0) for
    another protocol."""
    out = []
    for f in frames:
        if f[9] != 6:
            out.append(("U", 0))
            continue
        seq, ackn = struct.unpack("!II", f[24:32])
        out.append(("D", seq) if f[12:16] == SERVER else ("A", ackn))
    return out


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_local_retransmission(tmp_path: Path, sanitized: bool) -> None:
    frames = [data(1000), data(1100), data(1200), data(1300),
              ack(1100),                      # new: frees 1000, passes
              ack(1100), ack(1100),           # first held back; second retransmits 1100
              ack(1100),                      # more than expected: retransmitted once more
              ack(1100),                      # retransmitted twice already: passes
              ack(1100, win=4096),            # a window change is no duplicate: passes
              ack(1400),                      # new: frees the rest
              ack(1400),                      # nothing kept: passes
              _frame(SERVER, MH, 53, 53, 0, 0, 0, b"dns" * 10, proto=17)]
    r = run(tmp_path, CONFIG, frames, sanitized=sanitized)
    assert _seqs(r.frames("o0")) == [("D", 1000), ("D", 1100), ("D", 1200), ("D", 1300),
                                     ("U", 0)]
    assert r.frames("o0")[:4] == [f[14:] for f in frames[:4]]
    assert _seqs(r.frames("o1")) == [("A", 1100), ("A", 1100), ("A", 1100), ("A", 1400),
                                     ("A", 1400)]
    assert r.frames("o2") == [frames[1][14:], frames[1][14:]]
    assert r.frames("o3") == []
    assert r.drops == {"s": {"duplicate ACK": 3}}


def test_sender_retransmission_and_fin(tmp_path: Path) -> None:
    """A segment the server sends again is the sender's retransmission: duplicates for it pass;
    a FIN from the server frees its segments, after which duplicates pass too."""
    frames = [data(1000), data(1100), ack(1100), data(1100),  # the server resends 1100
              ack(1100), ack(1100),
              _frame(SERVER, MH, 80, 1000, 1200, 1, 0x11),  # FIN
              ack(1100), ack(1100)]
    r = run(tmp_path, CONFIG, frames)
    assert _seqs(r.frames("o0")) == [("D", 1000), ("D", 1100), ("D", 1100), ("D", 1200)]
    assert _seqs(r.frames("o1")) == [("A", 1100)] * 5
    assert r.frames("o2") == []
    assert "s" not in r.drops


def test_out_of_order_segment_before_the_cache(tmp_path: Path) -> None:
    """A segment older than every kept one (after an acknowledgement freed the first) is kept
    as a sender retransmission: its duplicates pass."""
    frames = [data(1000), data(1100), data(1200), ack(1100), data(1050),
              ack(1100), ack(1100), ack(1100)]
    r = run(tmp_path, CONFIG, frames)
    assert len(r.frames("o1")) == 4
    assert r.frames("o2") == []
