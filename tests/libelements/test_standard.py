"""The standard classes of issue 19 that shape, switch or mark packets (Truncate, Pad, Resize,
StripToNetworkHeader, MarkMACHeader, EnsureEther, Null1..Null8, Hub, PullSwitch,
StaticPullSwitch, InputSwitch, SetAnnoByte, NotifierQueue, QuickNoteQueue) on crafted frames of
every size class, with the bytes and counts Click's documentation gives (elements/standard/*.hh
there)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from .harness import DST, SRC, run


def _ip_frame(payload: bytes) -> bytes:
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 1, 0, 64, 17, 0,
                     bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])) + payload
    return DST + SRC + b"\x08\x00" + ip


FRAMES = [
    _ip_frame(b"a UDP-sized payload of some length"),
    DST + SRC + b"\x08\x06" + bytes(range(28)),   # an ARP-sized frame
    DST + SRC + b"\x08\x00\x45\x00",               # 18 bytes
    bytes(range(10)),                              # 10 bytes
    b"\x01",                                       # 1 byte
]
N = len(FRAMES)

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(10);
t[0] -> tr :: Truncate(20) -> Null1 -> Null2 -> Null3 -> Null4 -> Null5 -> Null6 -> Null7
     -> Null8 -> Pad -> ToDump($OUT/restored.pcap);
t[1] -> Truncate(20, EXTRA_LENGTH false) -> pad :: Pad(30) -> ToDump($OUT/padded.pcap);
t[2] -> rs :: Resize(-2, -4) -> ToDump($OUT/resized.pcap);
t[3] -> MarkMACHeader(0, 14) -> StripToNetworkHeader -> ToDump($OUT/net.pcap);
t[4] -> MarkMACHeader(0, 14) -> StripToNetworkHeader -> EnsureEther -> ToDump($OUT/ether.pcap);
t[5] -> [0]h :: Hub;
Idle -> [1]h;
Idle -> [2]h;
h[0] -> h0 :: Counter -> Discard;
h[1] -> h1 :: Counter -> Discard;
h[2] -> h2 :: Counter -> Discard;
t[6] -> q2 :: QuickNoteQueue;
Idle -> q1 :: NotifierQueue;
q1 -> [0]ps :: PullSwitch(1);
q2 -> [1]ps;
ps -> Unqueue -> c3 :: Counter -> Discard;
t[7] -> [1]is :: InputSwitch(1) -> c4 :: Counter -> Discard;
Idle -> [0]is;
t[8] -> [1]off :: InputSwitch -> Discard;
Idle -> [0]off;
t[9] -> q3 :: Queue -> [0]sps :: StaticPullSwitch(0);
Idle -> q4 :: Queue -> [1]sps;
sps -> Unqueue -> sab :: SetAnnoByte(PAINT, 7) -> CheckPaint(7) -> c5 :: Counter -> Discard;
"""

HANDLERS = ["tr.nbytes", "rs.head", "rs.tail", "h0.count", "h1.count", "h2.count", "c3.count",
            "ps.switch", "ps.config", "q1.length", "q2.length", "c4.count", "is.switch",
            "is.config", "off.switch", "c5.count", "sab.anno", "sab.value"]


def _expected() -> dict[str, list[bytes]]:
    default_eth = b"\x02" * 6 + b"\x01" * 6 + b"\x08\x00"
    exp: dict[str, list[bytes]] = {"restored": [], "padded": [], "resized": [], "net": [],
                                   "ether": []}
    for f in FRAMES:
        exp["restored"].append(f[:20] + bytes(max(len(f) - 20, 0)))
        exp["padded"].append(f[:20] + bytes(30 - len(f[:20])))
        g = f[2:]
        exp["resized"].append(g[:max(len(g) - 4, 0)])
        exp["net"].append(f[14:])
        if len(f) >= 14 and f[12:14] == b"\x08\x00":
            exp["ether"].append(f)            # the stripped header is put back
        else:
            exp["ether"].append(default_eth + f[14:])
    return exp


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_standard_classes(tmp_path: Path, sanitized: bool) -> None:
    """Bytes of every output, the counts of the switches and hub, handler values."""
    r = run(tmp_path, CONFIG, FRAMES, HANDLERS, sanitized=sanitized)
    for name, frames in _expected().items():
        assert r.frames(name) == frames, name
    h = r.handlers
    assert h["tr.nbytes"] == "20"
    assert (h["rs.head"], h["rs.tail"]) == ("-2", "-4")
    assert (h["h0.count"], h["h1.count"], h["h2.count"]) == ("0", str(N), str(N))
    assert h["c3.count"] == str(N)
    assert (h["ps.switch"], h["ps.config"]) == ("1", "1")
    assert (h["q1.length"], h["q2.length"]) == ("0", "0")
    assert h["c4.count"] == str(N)
    assert (h["is.switch"], h["is.config"], h["off.switch"]) == ("1", "1", "0")
    assert r.drops["off"] == {"input switched off": N}
    assert h["c5.count"] == str(N)
    assert (h["sab.anno"], h["sab.value"]) == ("16", "7")
    assert "SetAnnoByte(ANNO, VALUE) is obsolete, use Paint(VALUE, ANNO) instead" in r.stderr
