"""Write a seed corpus for the IP fuzz targets from real captures: each Ethernet/IPv4 packet
of the given pcaps becomes one input (7 control bytes of zero, then the IP packet).

usage: python3 seeds.py OUTDIR PCAP...
"""

from __future__ import annotations

import hashlib
import struct
import sys
from pathlib import Path


def ip_packets(path: Path) -> list[bytes]:
    """The IPv4 packets (Ethernet type 0x0800, link header removed) of a classic pcap."""
    b = path.read_bytes()
    if len(b) < 24:
        return []
    e = "<" if b[:4] in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    linktype = struct.unpack(e + "I", b[20:24])[0]
    out, i = [], 24
    while i + 16 <= len(b):
        incl = struct.unpack(e + "IIII", b[i:i + 16])[2]
        pkt = b[i + 16:i + 16 + incl]
        i += 16 + incl
        if linktype == 1 and len(pkt) > 14 and pkt[12:14] == b"\x08\x00":
            out.append(pkt[14:])
        elif linktype in (101, 228) and pkt:
            out.append(pkt)
    return out


def main() -> None:
    """Write the seeds."""
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for p in sys.argv[2:]:
        for pkt in ip_packets(Path(p))[:200]:
            data = bytes(7) + pkt
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


if __name__ == "__main__":
    main()
