"""StatelessTCPResponder (issue 19): a stateless TCP server after Click's
elements/tcpudp/statelesstcpresp.cc.  No Click oracle exists: Click's build leaves the class out
(its source requires 'false' and does not compile), so these tests play a client's segments
through it and check each answer directly: SYN-ACK with the encoded initial sequence number,
DATA in segments of the client's MSS, FIN at the end, the acknowledgement of the client's FIN,
checksums, and the packets it does not answer (counted drops, or output 1)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.libelements.harness import run
from tests.pktlib import cksum
from tests.testlib import require_tsan

CLIENT, SERVER = bytes([10, 0, 0, 2]), bytes([10, 0, 0, 1])
DATA = bytes(range(65, 91)) * 9 + b"0123456789"  # 244 bytes
ISN = (100 << 16) + (1234 << 8)  # MSS 100, client port 1234


def seg(seq: int, ack: int, flags: int, payload: bytes = b"", options: bytes = b"",
        win: int = 8192, proto: int = 6) -> bytes:
    """An Ethernet frame: the client's TCP segment (or a UDP datagram, proto 17)."""
    if proto == 6:
        l4 = struct.pack("!HHIIBBHHH", 1234, 80, seq, ack, (5 + len(options) // 4) << 4, flags,
                         win, 0, 0) + options + payload
    else:
        l4 = struct.pack("!HHHH", 1234, 80, 8 + len(payload), 0) + payload
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), 7, 0, 64, proto, 0, CLIENT, SERVER)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    return bytes.fromhex("020000000002020000000001") + b"\x08\x00" + ip + l4


CONFIG = """
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader
  -> s :: StatelessTCPResponder(DATA) -> ToDump($OUT/o0.pcap, ENCAP IP);
s[1] -> ToDump($OUT/o1.pcap, ENCAP IP);
"""


def _answer(b: bytes) -> tuple[int, int, int, bytes, bytes]:
    """(seq, ack, flags, options, payload) of an answer, after checking its headers."""
    assert b[0] == 0x45 and b[8] == 200 and b[9] == 6
    assert b[12:16] == SERVER and b[16:20] == CLIENT
    assert struct.unpack("!H", b[2:4])[0] == len(b)
    assert cksum(b[:20]) == 0
    t = b[20:]
    sport, dport, seq, ack, off, flags, win = struct.unpack("!HHIIBBH", t[:16])
    assert (sport, dport, win) == (80, 1234, 0xFFFF)
    pseudo = b[12:20] + struct.pack("!BBH", 0, 6, len(t))
    assert cksum(pseudo + t) == 0
    hl = (off >> 4) * 4
    return seq, ack, flags, t[20:hl], t[hl:]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_serves_data(tmp_path: Path, sanitized: bool) -> None:
    mss = bytes.fromhex("02040064")  # MSS 100
    frames = [seg(5000, 0, 0x02, options=mss),               # SYN
              seg(5001, ISN + 1, 0x10, b"GET"),               # request, acks the SYN-ACK
              seg(5004, ISN + 101, 0x10),                     # next 100
              seg(5004, ISN + 201, 0x10, win=30),             # window 30: 30 bytes
              seg(5004, ISN + 231, 0x10),                     # the last 14 bytes and FIN
              seg(5004, ISN + 246, 0x11),                     # the client's FIN
              seg(5005, ISN + 246, 0x10),                     # acknowledges: no answer
              seg(5005, ISN + 1, 0x04),                       # RST
              seg(5005, 12345, 0x10),                         # not an acknowledgement we sent
              seg(5005, 0, 0x00),                             # neither SYN nor ACK
              seg(0, 0, 0, b"udp" * 10, proto=17)]            # not TCP: output 1
    r = run(tmp_path, CONFIG.replace("(DATA)", f"({DATA.decode()})"), frames,
            sanitized=sanitized)
    answers = [_answer(b) for b in r.frames("o0")]
    assert answers == [
        (ISN, 5001, 0x12, bytes.fromhex("020405b4"), b""),
        (ISN + 1, 5004, 0x10, b"", DATA[0:100]),
        (ISN + 101, 5004, 0x10, b"", DATA[100:200]),
        (ISN + 201, 5004, 0x10, b"", DATA[200:230]),
        (ISN + 231, 5004, 0x11, b"", DATA[230:]),
        (ISN + 246, 5005, 0x10, b"", b""),
    ]
    ids = [struct.unpack("!H", b[4:6])[0] for b in r.frames("o0")]
    assert ids == [0, 2, 4, 6, 8, 10]
    assert len(r.frames("o1")) == 1 and r.frames("o1")[0][9] == 17
    assert r.drops == {"s": {"done": 1, "reset": 1, "unexpected": 2}}


def test_default_mss_and_no_output_1(tmp_path: Path) -> None:
    """A SYN without an MSS option: 576 (the initial sequence number says so); without output 1
    a packet that is not TCP is a counted drop."""
    frames = [seg(1, 0, 0x02), seg(2, (576 << 16) + (1234 << 8) + 1, 0x10),
              seg(0, 0, 0, b"udp" * 10, proto=17)]
    config = "FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader\n" \
             "  -> s :: StatelessTCPResponder(abc) -> ToDump($OUT/o0.pcap, ENCAP IP);\n"
    r = run(tmp_path, config, frames)
    answers = [_answer(b) for b in r.frames("o0")]
    assert answers == [((576 << 16) + (1234 << 8), 2, 0x12, bytes.fromhex("020405b4"), b""),
                       ((576 << 16) + (1234 << 8) + 1, 2, 0x11, b"", b"abc")]
    assert r.drops == {"s": {"not TCP": 1}}


def test_data_too_long(tmp_path: Path) -> None:
    r = run(tmp_path, 'Idle -> StatelessTCPResponder("' + "x" * 65534 + '") -> Discard;', [],
            expect_ok=False)
    assert "DATA too long (65534 bytes, at most 65533)" in r.stderr


TSAN = ["--cflags=-fsanitize=thread", "--cflags=-g", "--cflags=-fno-omit-frame-pointer",
        "--ldflags=-fsanitize=thread"]


@pytest.mark.parametrize("tsan", [False, True], ids=["plain", "tsan"])
def test_two_threads(tmp_path: Path, tsan: bool) -> None:
    """Two threads push SYNs into one responder: every one is answered (the IP ID is its only
    state, one atomic addition per answer)."""
    if tsan:
        require_tsan(tmp_path)
    syn = seg(5000, 0, 0x02)[14:].hex()
    config = f"""
s :: StatelessTCPResponder(abc) -> c :: Counter -> Discard;
s0 :: InfiniteSource(DATA \\<{syn}>, LIMIT 3000, STOP false) -> c0 :: CheckIPHeader -> s;
s1 :: InfiniteSource(DATA \\<{syn}>, LIMIT 3000, STOP false) -> c1 :: CheckIPHeader -> s;
StaticThreadSched(s0 0, s1 1);
DriverManager(wait_time 1s, stop);
"""
    r = run(tmp_path, config, [], ["c.count"], options=["-j", "2"] + (TSAN if tsan else []))
    assert r.handlers == {"c.count": "6000"}
