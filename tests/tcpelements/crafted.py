"""An FTP session built for the FTPPortMapper case (ftp.pcap).

``write_crafted(path)`` writes a classic little-endian Ethernet pcap: a client in 10.0.0.0/8
talks FTP with a server through a NAT (configs/ftpportmapper.click).  The control connection
carries PORT commands that grow and shrink when rewritten (upper and lower case, extra
spaces, CR LF and LF), a retransmitted PORT (older than the newest delta), malformed PORT
commands (a number above 255, too few numbers, no line end), a PORT on a connection the
control rewriter has not mapped yet, and server acknowledgements with SACK blocks (even and
odd option alignment, and the timestamp option that Click's rewriter leaves alone) that
cover the changed lengths.  The data connections then open from the server's port 20 to the
addresses the rewritten commands announced.
"""

from __future__ import annotations

import ipaddress
import struct
from pathlib import Path

from tests.pktlib import cksum

CLIENT = "10.0.0.2"
CLIENT2 = "10.0.0.9"
SERVER = "198.51.100.7"
PUBLIC = "192.0.2.1"
#: the control connection's public port (the first of the pattern's sequential range)
CTL_PORT = 1024


def a4(s: str) -> bytes:
    """4 bytes of an IPv4 address."""
    return ipaddress.IPv4Address(s).packed


def tcp(src: str, sport: int, dst: str, dport: int, seq: int, ack: int, payload: bytes = b"",
        *, flags: int = 0x18, opts: bytes = b"") -> bytes:
    """An IPv4 TCP packet with correct checksums (``opts`` padded to 4 bytes with EOL)."""
    opts += bytes(-len(opts) % 4)
    doff = 5 + len(opts) // 4
    seg = struct.pack("!HHIIBBHHH", sport, dport, seq & 0xFFFFFFFF, ack & 0xFFFFFFFF,
                      doff << 4, flags, 65535, 0, 0) + opts + payload
    pseudo = a4(src) + a4(dst) + struct.pack("!xBH", 6, len(seg))
    seg = seg[:16] + struct.pack("!H", cksum(pseudo + seg)) + seg[18:]
    hdr = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(seg), 0x1234, 0x4000, 64, 6, 0,
                      a4(src), a4(dst))
    hdr = hdr[:10] + struct.pack("!H", cksum(hdr)) + hdr[12:]
    return hdr + seg


def sack(*blocks: tuple[int, int], nops: int = 2) -> bytes:
    """``nops`` NOP options then a SACK option with ``blocks`` (left, right edges)."""
    body = b"".join(struct.pack("!II", a & 0xFFFFFFFF, b & 0xFFFFFFFF) for a, b in blocks)
    return b"\x01" * nops + bytes([5, 2 + len(body)]) + body


def timestamp(val: int, ecr: int) -> bytes:
    """NOP, NOP, timestamp (the layout Click's rewriter does not search for SACK blocks)."""
    return b"\x01\x01\x08\x0a" + struct.pack("!II", val, ecr)


def packets() -> list[bytes]:
    """The session's IP packets in order (see the module docstring)."""
    c, s, pub = CLIENT, SERVER, PUBLIC
    up = CTL_PORT
    out = [
        tcp(c, 5000, s, 21, 1000, 0, flags=0x02),                       # SYN: maps the flow
        tcp(s, 21, pub, up, 9000, 1001, flags=0x12),                    # SYN-ACK
        tcp(c, 5000, s, 21, 1001, 9001, b"USER ftp\r\n"),
        tcp(s, 21, pub, up, 9001, 1011, b"331 ok\r\n"),
        # grows: "10,0,0,2,19,137" (15) -> "192,0,2,1,156,64" (16)
        tcp(c, 5000, s, 21, 1011, 9009, b"PORT 10,0,0,2,19,137\r\n"),
        tcp(s, 21, pub, up, 9009, 1011 + 23, b"200 ok\r\n"),            # acks the new length
        tcp(c, 5000, s, 21, 1034, 9017, b"LIST\r\n"),
        tcp(s, 21, pub, up, 9017, 1041, b"150 here\r\n"),
        # lower case, spaces, LF only; shorter argument: "10,0,0,2,0,21" (13) -> 16 bytes
        tcp(c, 5000, s, 21, 1040, 9027, b"port   10,0,0,2,0,21\n"),
        tcp(s, 21, pub, up, 9027, 1065, b""),
        # a retransmission of the first PORT: older than the newest delta
        tcp(c, 5000, s, 21, 1011, 9027, b"PORT 10,0,0,2,19,137\r\n"),
        # SACK blocks across both changes (even and odd alignment), and a timestamp option
        tcp(s, 21, pub, up, 9027, 1012, opts=sack((1035, 1042), (1042, 1066))),
        tcp(s, 21, pub, up, 9027, 1012, opts=sack((1066, 1070), nops=1)),
        tcp(s, 21, pub, up, 9027, 1012, opts=timestamp(77, 88) + sack((1040, 1066), nops=2)),
        tcp(s, 21, pub, up, 9027, 1034, opts=timestamp(77, 88)),
        # malformed PORT commands pass unchanged (the sequence numbers still move)
        tcp(c, 5000, s, 21, 1061, 9027, b"PORT 10,0,0,2,300,1\r\n"),
        tcp(c, 5000, s, 21, 1082, 9027, b"PORT 10,0,0,2\r\n"),
        tcp(c, 5000, s, 21, 1097, 9027, b"PORT 10,0,0,2,4,5"),
        tcp(c, 5000, s, 21, 1114, 9027, b"PORTABLE 1,2,3,4,5,6\r\n"),
        # a second client whose first packet is a PORT: not mapped yet, passes unchanged;
        # its second PORT is rewritten (the control rewriter mapped the first)
        tcp(CLIENT2, 6000, s, 21, 500, 0, b"PORT 10,0,0,9,23,112\r\n"),
        tcp(CLIENT2, 6000, s, 21, 523, 0, b"PORT 10,0,0,9,23,113\r\n"),
        # the data connections, from the server's port 20 to the announced addresses
        tcp(s, 20, pub, 40000, 7000, 0, flags=0x02),
        tcp(c, 5001, s, 20, 3000, 7001, flags=0x12),
        tcp(s, 20, pub, 40001, 7100, 0, flags=0x02),
        tcp(c, 21, s, 20, 3100, 7101, flags=0x12),
        tcp(s, 20, pub, 40002, 7200, 0, flags=0x02),                    # second client's
        # the end: FINs both ways with the translated numbers
        tcp(c, 5000, s, 21, 1136, 9027, flags=0x11),
        tcp(s, 21, pub, up, 9027, 1141, flags=0x11),
    ]
    return out


def write_crafted(path: Path) -> None:
    """Write ftp.pcap (microsecond little-endian pcap, DLT_EN10MB) to ``path``."""
    eth = bytes.fromhex("001122334455" "66778899aabb" "0800")
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    for i, p in enumerate(packets()):
        f = eth + p
        out.append(struct.pack("<IIII", 1700000000 + i, 1000 * i, len(f), len(f)) + f)
    path.write_bytes(b"".join(out))
