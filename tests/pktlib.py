"""Packet helpers shared by the tests: the Internet checksum and a classic pcap reader
(clickc.pcapfile's)."""

from __future__ import annotations

import struct
from pathlib import Path

from clickc.pcapfile import Packet, read_pcap

__all__ = ["Packet", "cksum", "pcap_frames", "read_pcap"]


def cksum(b: bytes) -> int:
    """The Internet checksum (RFC 1071) of ``b`` as a 16-bit number: the complement of the
    one's-complement sum of its 16-bit big-endian words (an odd length padded with a zero)."""
    if len(b) % 2:
        b += b"\0"
    s: int = sum(struct.unpack(f"!{len(b) // 2}H", b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def pcap_frames(path: Path) -> list[bytes]:
    """The captured bytes of every record of a classic pcap file, in order (:func:`read_pcap`)."""
    return [data for _, _, data in read_pcap(path)[1]]
