"""The IP, ICMP, analysis and checksum classes of issue 19 (MarkIPCE, SetIPECN,
UnstripIPHeader, TruncateIPPayload, ICMPIPEncap, AdjustTimestamp, CheckARPHeader, SetCRC32,
CheckCRC32) on crafted frames: IPv4 with each ECN codepoint, with options, TCP, UDP and ICMP,
ARP frames good and bad, and frames too short for an IP header.  Expected bytes follow Click's
documented behaviour (the classes' .hh documentation there), computed here frame by frame."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run


def _ip(proto: int, payload: bytes, tos: int = 0, options: bytes = b"") -> bytes:
    hl = 5 + len(options) // 4
    h = struct.pack("!BBHHHBBH4s4s", 0x40 | hl, tos, hl * 4 + len(payload), 7, 0, 64, proto, 0,
                    bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])) + options
    h = h[:10] + struct.pack("!H", cksum(h)) + h[12:]
    return h + payload


def _arp(hln: int = 6) -> bytes:
    return struct.pack("!HHBBH", 1, 0x0800, hln, 4, 1) + bytes(range(2 * hln + 8))


ETH = DST + SRC + b"\x08\x00"
ETH_ARP = DST + SRC + b"\x08\x06"
TCP = struct.pack("!HHIIBBHHH", 1, 2, 3, 4, 0x50, 0x18, 100, 0, 0)
FRAMES = [
    ETH + _ip(17, struct.pack("!HHHH", 53, 53, 20, 0) + b"udp payload!", tos=0x00),
    ETH + _ip(6, TCP + b"tcp payload, thirty bytes long", tos=0xB2),
    ETH + _ip(1, b"\x08\x00\x00\x00\x00\x01\x00\x02" + b"icmp echo payload", tos=0x03),
    ETH + _ip(17, struct.pack("!HHHH", 1, 2, 28, 0) + b"with options", tos=0x01,
              options=b"\x01\x01\x01\x00"),
    ETH + _ip(1, b"\x0d\x00\x00\x00\x00\x01\x00\x02" + bytes(12) + b"tstamp", tos=0x02),
    ETH_ARP + _arp(),
    ETH_ARP + _arp(hln=5),
    ETH_ARP + _arp()[:10],
    ETH + b"\x45\x00\x00\x14\x00\x00",              # 6 IP bytes
]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t0 :: Tee(3);
t0[0] -> cah :: CheckARPHeader(14, DETAILS true) -> ToDump($OUT/arp.pcap);
cah[1] -> ToDump($OUT/badarp.pcap);
t0[1] -> Strip(14) -> MarkIPHeader -> t :: Tee(12);
t[0] -> ce :: MarkIPCE -> ToDump($OUT/ce.pcap, ENCAP IP);
t[1] -> cef :: MarkIPCE(true) -> ToDump($OUT/ceforce.pcap, ENCAP IP);
t[2] -> ecn :: SetIPECN(ECT(0)) -> ToDump($OUT/ecn.pcap, ENCAP IP);
t[3] -> StripIPHeader -> UnstripIPHeader -> ToDump($OUT/unstrip.pcap, ENCAP IP);
t[4] -> TruncateIPPayload(4) -> ToDump($OUT/tip.pcap, ENCAP IP);
t[5] -> TruncateIPPayload(2, false) -> Pad -> ToDump($OUT/tippad.pcap, ENCAP IP);
t[6] -> ie :: ICMPIPEncap(10.1.1.1, 10.2.2.2, echo, IDENTIFIER 7)
     -> ToDump($OUT/echo.pcap, ENCAP IP);
t[7] -> ICMPIPEncap(10.1.1.1, 10.2.2.2, 13) -> ToDump($OUT/tstamp.pcap, ENCAP IP);
t[8] -> ICMPIPEncap(10.1.1.1, 10.2.2.2, 3, 3) -> ToDump($OUT/unreach.pcap, ENCAP IP);
t[9] -> SetCRC32 -> ToDump($OUT/crc.pcap, ENCAP IP);
t[10] -> SetCRC32 -> cc :: CheckCRC32 -> ToDump($OUT/crcok.pcap, ENCAP IP);
t[11] -> SetCRC32 -> Strip(1) -> cc2 :: CheckCRC32 -> AdjustTimestamp(-0.5)
      -> ToDump($OUT/crcbad.pcap, ENCAP IP);
t0[2] -> adj :: AdjustTimestamp(-1.25) -> ToDump($OUT/adj.pcap);
"""

HANDLERS = ["ce.drops", "cef.drops", "ecn.ecn", "ie.src", "ie.dst", "cc.drops", "cc2.drops",
            "cah.drops", "cah.drop_details", "adj.time"]


def _upd(hc: int, old: int, new: int) -> int:
    """RFC 1624's incremental checksum update, as Click's click_update_in_cksum."""
    s = (~hc & 0xFFFF) + (~old & 0xFFFF) + new
    s = (s & 0xFFFF) + (s >> 16)
    return ~(s + (s >> 16)) & 0xFFFF


def _set_tos(b: bytes, keep: int, bits: int) -> bytes:
    old = struct.unpack("!H", b[:2])[0]
    nb = bytes([b[0], (b[1] & keep) | bits]) + b[2:]
    hc = struct.unpack("!H", b[10:12])[0]
    new = struct.unpack("!H", nb[:2])[0]
    return nb[:10] + struct.pack("!H", _upd(hc, old, new)) + nb[12:]


def _truncate(b: bytes, length: int, transport: bool) -> bytes:
    hl = b[0] & 0xF if b else 0
    keep = length
    if hl < 5:
        keep += 20
    else:
        keep += hl * 4
        t = b[hl * 4:] if hl * 4 <= len(b) else None
        if transport and len(b) >= 10:
            if b[9] == 6:
                keep += (t[12] >> 4) * 4 if t is not None and len(t) >= 13 and t[12] >> 4 >= 5 \
                    else 20
            elif b[9] == 17:
                keep += 8
            elif b[9] == 1 and t is not None and len(t) >= 8:
                keep += 20 if t[0] in (13, 14) else 8
    return b if len(b) <= keep else b[:keep]


def _crc(b: bytes) -> int:
    crc = 0xFFFFFFFF
    for x in b:
        c = ((crc >> 24) ^ x) << 24
        for _ in range(8):
            c = ((c << 1) ^ 0x04C11DB7) if c & 0x80000000 else c << 1
            c &= 0xFFFFFFFF
        crc = ((crc << 8) & 0xFFFFFFFF) ^ c
    return crc


def _icmp_encap(b: bytes, n: int, typ: int, code: int, ident: int) -> bytes:
    ihl = 20 if typ in (13, 14) else 8
    icmp = bytearray(ihl)
    icmp[0], icmp[1] = typ, code
    if typ in (0, 8, 13, 14, 15, 16):
        icmp[4:8] = struct.pack("!HH", ident, n)
    body = bytes(icmp) + b
    body = body[:2] + struct.pack("!H", cksum(body)) + body[4:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(body), n, 0, 255, 1, 0,
                     bytes([10, 1, 1, 1]), bytes([10, 2, 2, 2]))
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    return ip + body


def _arp_check(f: bytes) -> str | None:
    a = f[14:]
    if len(a) < 8:
        return "tiny packet"
    if len(a) < 8 + 2 * a[4] + 2 * a[5]:
        return "too small for addresses"
    hrd, pro = struct.unpack("!HH", a[:4])
    if hrd == 1 and a[4] != 6:
        return "bad hardware type/length"
    if (pro == 0x0800 and a[5] != 4) or (pro == 0x86DD and a[5] != 16):
        return "bad protocol type/length"
    return None


def _expected() -> tuple[dict[str, list[bytes]], int, dict[str, int]]:
    exp: dict[str, list[bytes]] = {k: [] for k in (
        "ce", "ceforce", "ecn", "unstrip", "tip", "tippad", "echo", "tstamp", "unreach", "crc",
        "crcok", "arp", "badarp")}
    ce_drops = 0
    reasons = {"tiny packet": 0, "too small for addresses": 0, "bad hardware type/length": 0,
               "bad protocol type/length": 0}
    for i, f in enumerate(FRAMES):
        r = _arp_check(f)
        if r is None:
            exp["arp"].append(f)
        else:
            exp["badarp"].append(f)
            reasons[r] += 1
        b = f[14:]
        if len(b) >= 20:
            if b[1] & 3 == 0:
                ce_drops += 1
            else:
                exp["ce"].append(b if b[1] & 3 == 3 else _set_tos(b, 0xFF, 3))
            exp["ceforce"].append(b if b[1] & 3 == 3 else _set_tos(b, 0xFF, 3))
            exp["ecn"].append(_set_tos(b, 0xFC, 2))
        if (b[0] & 0xF) * 4 <= len(b):  # else StripIPHeader drops it: "no transport header"
            exp["unstrip"].append(b)
        exp["tip"].append(_truncate(b, 4, True))
        tr = _truncate(b, 2, False)
        exp["tippad"].append(tr + bytes(len(b) - len(tr)))
        exp["echo"].append(_icmp_encap(b, i + 1, 8, 0, 7))
        exp["tstamp"].append(_icmp_encap(b, i + 1, 13, 0, 0))
        exp["unreach"].append(_icmp_encap(b, i + 1, 3, 3, 0))
        exp["crc"].append(b + struct.pack("<I", _crc(b)))
        exp["crcok"].append(b)
    return exp, ce_drops, reasons


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_ip_classes(tmp_path: Path, sanitized: bool) -> None:
    """Every output file holds the frames Click's rules give; counters and handlers agree."""
    r = run(tmp_path, CONFIG, FRAMES, HANDLERS, sanitized=sanitized)
    exp, ce_drops, reasons = _expected()
    for name, frames in exp.items():
        assert r.frames(name) == frames, name
    assert r.frames("crcbad") == []
    h = r.handlers
    assert h["ce.drops"] == str(ce_drops)
    short = sum(len(f) < 14 + 20 for f in FRAMES)
    assert r.drops["ce"] == {"not ECN-capable": ce_drops, "no IP header": short}
    assert h["cef.drops"] == "0"
    assert h["ecn.ecn"] == "ECT(0)"
    assert (h["ie.src"], h["ie.dst"]) == ("10.1.1.1", "10.2.2.2")
    assert (h["cc.drops"], h["cc2.drops"]) == ("0", str(len(FRAMES)))
    assert r.drops["cc2"] == {"bad CRC32": len(FRAMES)}
    assert "CRC32 failed, len" in r.stderr
    bad = sum(reasons.values())
    assert h["cah.drops"] == str(bad)
    assert h["cah.drop_details"] == "\n".join(f"{n}\t{k}" for k, n in reasons.items())
    assert r.stderr.count("ARP header check failed:") == 1
    # Click's cp_time negates the seconds only: -1.25 is -1 s + 0.25 s
    assert h["adj.time"] == "-0.750000s"
    stamps = [(s, ns) for s, ns, _ in r.outputs["adj"]]
    assert stamps == [(999 + i, 250_000_000) for i in range(len(FRAMES))]
