"""Shared helpers of the IPsec tests: paths, a minimal pcap writer (and tests/pktlib.py's
reader and checksum), the crafted ESP packets, digests.

The SA of every configuration in configs/: SPI 4660 (0x1234), encryption key
``ABCDEFGHIJKLMNOP``, authentication key ``0123456789abcdef``, replay counter starting at 1,
window 64; tunnel 10.9.9.9 -> 192.168.200.1.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import struct
from pathlib import Path

from tests.pktlib import Packet, read_pcap
from tests.pktlib import cksum as checksum

HERE = Path(__file__).resolve().parent
CONFIGS = HERE / "configs"
EXPECTED = HERE / "expected"
PCAPS = HERE.parents[2] / "shared" / "pcaps"

__all__ = ["AUTH_KEY", "CAPTURES", "CONFIGS", "ENC_KEY", "EXPECTED", "PCAPS", "SPI", "TUNNEL_DST",
           "TUNNEL_SRC", "base_names", "checksum", "crafted_packets", "digest", "ip_header",
           "malformed_packets", "read_pcap", "run_args", "write_pcap"]

SPI = 0x1234
ENC_KEY = b"ABCDEFGHIJKLMNOP"
AUTH_KEY = b"0123456789abcdef"
TUNNEL_SRC = bytes([10, 9, 9, 9])
TUNNEL_DST = bytes([192, 168, 200, 1])

#: captures the Click comparisons and round trips run on
CAPTURES = ["tcpreplay-test.pcap", "tcpdump-afs.pcap", "ndpi-gnutella.pcap"]



def write_pcap(path: Path, packets: list[Packet], linktype: int = 101) -> None:
    """A nanosecond pcap (as Click's ToDump writes) of ``packets``."""
    with path.open("wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B23C4D, 2, 4, 0, 0, 65535, linktype))
        for sec, ns, data in packets:
            f.write(struct.pack("<IIII", sec, ns, len(data), len(data)) + data)


def base_names(text: str) -> list[str]:
    """Standard error as lines, paths of .click and .pcap files reduced to their base names
    (the checkout's and the scratch directory's location must not matter)."""
    return [re.sub(r"[^\s'\"]*/([^\s/:'\"]+\.(?:click|pcap))", r"\1", ln)
            for ln in text.splitlines()]


def run_args(inp: Path | None, out: Path | None, handlers: list[str]) -> list[str]:
    """The arguments of one run after the program or configuration: ``IN=`` (when ``inp``),
    ``OUT=`` (when ``out``) and ``-h`` for each handler."""
    args = [f"IN={inp}"] if inp is not None else []
    if out is not None:
        args.append(f"OUT={out}")
    for h in handlers:
        args += ["-h", h]
    return args


def digest(path: Path) -> str:
    """sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def ip_header(payload_len: int, proto: int, src: bytes, dst: bytes, ident: int = 0) -> bytes:
    """A 20-byte IPv4 header with a correct checksum."""
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + payload_len, ident, 0, 64, proto, 0, src, dst)
    return h[:10] + struct.pack("!H", checksum(h)) + h[12:]


def inner_packet(n: int, size: int) -> bytes:
    """A UDP-in-IPv4 packet of ``size`` bytes (>= 28) from 10.1.0.N to 10.2.0.1."""
    udp = struct.pack("!HHHH", 1000 + n, 9, size - 20, 0) + bytes((n + i) & 255
                                                                  for i in range(size - 28))
    return ip_header(len(udp), 17, bytes([10, 1, 0, n & 255]), bytes([10, 2, 0, 1])) + udp


def esp_packet(seq: int, inner: bytes, *, spi: int = SPI, pad: bytes | None = None,
               next_header: int = 17, icv_ok: bool = True, iv: bytes = b"\x11" * 8) -> bytes:
    """An outer IPv4 packet carrying Click-style ESP with no cipher (ESP header with an 8-byte
    IV, ``inner``, RFC 2406 default padding to a multiple of 8 unless ``pad`` gives the bytes
    between ``inner`` and the next-header byte, next header, HMAC-SHA1-96 of the rest with
    AUTH_KEY; ``icv_ok`` False flips the digest's first byte)."""
    if pad is None:
        n = (8 - (len(inner) + 2) % 8) % 8
        pad = bytes(range(1, n + 1)) + bytes([n])
    esp = struct.pack("!II", spi, seq) + iv + inner + pad + bytes([next_header])
    icv = bytearray(hmac.new(AUTH_KEY, esp, hashlib.sha1).digest()[:12])
    if not icv_ok:
        icv[0] ^= 0xFF
    body = esp + bytes(icv)
    return ip_header(len(body), 50, TUNNEL_SRC, TUNNEL_DST) + body


def crafted_packets() -> list[bytes]:
    """ESP packets with every kind of defect Click handles without reading outside the packet:
    good ones, a bad digest, a pad-length byte that does not match the padding, corrupt
    padding, pad length 0, replays inside the window, too old, sequence number 0, window moves
    of 32 or more (Click's 32-bit bitmap), an unknown SPI, a non-ESP packet for the gateway
    (its bytes 20-23 read as an SPI: one known, one not)."""
    p = inner_packet
    out = [
        esp_packet(1, p(1, 40)),
        esp_packet(2, p(2, 41)),
        esp_packet(3, p(3, 60), icv_ok=False),
        esp_packet(4, p(4, 40), pad=bytes([1, 2, 3, 4, 5, 9])),        # pad length 9 != 5
        esp_packet(5, p(5, 40), pad=bytes([1, 2, 7, 4, 5, 6, 6])),     # corrupt pad byte
        esp_packet(6, p(6, 46), pad=bytes([0])),                      # pad length 0
        esp_packet(2, p(7, 40)),                                      # already seen
        esp_packet(200, p(8, 40)),
        esp_packet(100, p(9, 40)),                                    # too old
        esp_packet(0, p(10, 40)),                                     # sequence 0
        esp_packet(240, p(11, 40)),                                   # moves by 40
        esp_packet(210, p(12, 40)),                                   # 30 back
        esp_packet(205, p(13, 40)),                                   # 35 back
        esp_packet(205, p(14, 40)),                                   # 35 back again
        esp_packet(239, p(15, 40)),
        esp_packet(7, p(16, 40), spi=0x4321),                         # unknown SPI
        esp_packet(241, p(17, 48), icv_ok=False),
        esp_packet(242, p(18, 64)),
    ]
    udp = struct.pack("!HHHH", SPI >> 16, SPI & 0xFFFF, 16, 0) + b"\x00" * 8
    out.append(ip_header(len(udp), 17, TUNNEL_SRC, TUNNEL_DST) + udp)   # "SPI" 0x1234: port 2
    udp = struct.pack("!HHHH", 53, 53, 16, 0) + b"\x00" * 8
    out.append(ip_header(len(udp), 17, TUNNEL_SRC, TUNNEL_DST) + udp)   # unknown "SPI"
    return out


def malformed_packets() -> list[bytes]:
    """ESP packets Click would read outside of (its behaviour there is undefined, so they are
    run only through clickc, under AddressSanitizer): fewer than 16 bytes of ESP with a valid
    digest, fewer than 3 bytes after the ESP header, a pad length beyond the data, fewer than
    12 bytes for the digest, an outer packet too short to hold an SPI."""
    def raw(seq: int, esp_rest: bytes, *, spi: int = SPI) -> bytes:
        esp = struct.pack("!II", spi, seq) + esp_rest
        body = esp + hmac.new(AUTH_KEY, esp, hashlib.sha1).digest()[:12]
        return ip_header(len(body), 50, TUNNEL_SRC, TUNNEL_DST) + body
    out = [
        raw(1, b"\x11" * 4),                         # 8 + 4 bytes of ESP, valid digest
        raw(2, b"\x11" * 8 + b"\x04"),               # 1 byte after the header
        raw(3, b"\x11" * 8 + bytes([200, 200, 17])), # pad length 200 > data
        raw(4, b"\x11" * 8 + bytes([0, 0, 17])),     # pad length 0, 3 bytes: valid
        raw(5, b"\x11" * 8 + bytes([0, 17])),        # 2 bytes after the header
    ]
    short = ip_header(6, 50, TUNNEL_SRC, TUNNEL_DST) + b"\x00\x00\x12\x34\x00\x00"
    out.append(short)                                 # 6 bytes of ESP: no digest
    out.append(ip_header(2, 50, TUNNEL_SRC, TUNNEL_DST) + b"\x00\x00")   # no room for an SPI
    return out
