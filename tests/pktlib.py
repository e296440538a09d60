"""Packet helpers shared by the tests: the Internet checksum and a classic pcap reader."""

from __future__ import annotations

import struct
from pathlib import Path

#: (seconds, nanoseconds, captured bytes) of one pcap record
Packet = tuple[int, int, bytes]

#: magic -> (byte order, nanoseconds per timestamp fraction unit)
_PCAP_MAGICS = {b"\xd4\xc3\xb2\xa1": ("<", 1000), b"\xa1\xb2\xc3\xd4": (">", 1000),
                b"\x4d\x3c\xb2\xa1": ("<", 1), b"\xa1\xb2\x3c\x4d": (">", 1)}


def cksum(b: bytes) -> int:
    """The Internet checksum (RFC 1071) of ``b`` as a 16-bit number: the complement of the
    one's-complement sum of its 16-bit big-endian words (an odd length padded with a zero)."""
    if len(b) % 2:
        b += b"\0"
    s: int = sum(struct.unpack(f"!{len(b) // 2}H", b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def read_pcap(path: Path) -> tuple[int, list[Packet]]:
    """(link type, packets) of a classic pcap file (either byte order, micro- or nanosecond
    stamps); stamps in nanoseconds.  Raises ValueError on a file that is not one."""
    b = path.read_bytes()
    if b[:4] not in _PCAP_MAGICS:
        raise ValueError(f"{path}: not a pcap file")
    e, mult = _PCAP_MAGICS[b[:4]]
    linktype = struct.unpack(e + "I", b[20:24])[0]
    out: list[Packet] = []
    off = 24
    while off + 16 <= len(b):
        sec, frac, caplen, _ = struct.unpack(e + "IIII", b[off:off + 16])
        out.append((sec, frac * mult, b[off + 16:off + 16 + caplen]))
        off += 16 + caplen
    return linktype, out


def pcap_frames(path: Path) -> list[bytes]:
    """The captured bytes of every record of a classic pcap file, in order (:func:`read_pcap`)."""
    return [data for _, _, data in read_pcap(path)[1]]
