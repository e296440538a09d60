"""The crafted capture of the FastClick suite (crafted.pcap): six Ethernet/IPv4/UDP frames of
different lengths (two shorter than 48 bytes, which the NumberPacket case sets aside),
stamped at uneven gaps (for the replayers' merge by timestamp)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

#: (seconds, microseconds) of each frame.
STAMPS = [(1000, 0), (1001, 0), (1001, 500000), (1002, 0), (1003, 0), (1004, 250000)]


def _frame(i: int, payload: int) -> bytes:
    """An Ethernet/IPv4/UDP frame from 10.0.0.1 to 10.0.0.2, ports 1000 + i and 2000, with
    ``payload`` bytes of data (value i + 1) and correct checksums (UDP's left zero)."""
    data = bytes([i + 1]) * payload
    udp = struct.pack(">HHHH", 1000 + i, 2000, 8 + len(data), 0) + data
    ip = bytearray(struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), i, 0, 64, 17, 0,
                               bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])))
    ip[10:12] = struct.pack(">H", cksum(bytes(ip)))
    eth = bytes.fromhex("020000000002020000000001") + b"\x08\x00"
    return eth + bytes(ip) + udp


def frames() -> list[bytes]:
    """The frames, in file order."""
    return [_frame(i, n) for i, n in enumerate([30, 2, 60, 5, 100, 18])]


def write_crafted(path: Path) -> None:
    """A little-endian microsecond pcap of :func:`frames` stamped :data:`STAMPS`."""
    out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for (sec, usec), f in zip(STAMPS, frames(), strict=True):
        out += struct.pack("<IIII", sec, usec, len(f), len(f)) + f
    path.write_bytes(bytes(out))
