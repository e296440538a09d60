"""Classic pcap files read without libpcap, and the flow key of a captured frame.

Used by ``clickc verify`` (compiler/commands/verify.py) to compare what two programs wrote, and
by the tests (tests/pktlib.py).  The format: a 24-byte file header (magic, version, zone,
sigfigs, snaplen, link type) and records of a 16-byte header (seconds, fraction, captured
length, original length) and the captured bytes; the magic gives the byte order and whether the
fraction counts micro- or nanoseconds (the pcap file format as libpcap documents it, and
docs/io.md).
"""

from __future__ import annotations

import struct
from pathlib import Path

#: (seconds, nanoseconds, captured bytes) of one pcap record
Packet = tuple[int, int, bytes]

#: magic -> (byte order, nanoseconds per timestamp fraction unit)
_PCAP_MAGICS = {b"\xd4\xc3\xb2\xa1": ("<", 1000), b"\xa1\xb2\xc3\xd4": (">", 1000),
                b"\x4d\x3c\xb2\xa1": ("<", 1), b"\xa1\xb2\x3c\x4d": (">", 1)}

#: Link types (LINKTYPE_*) whose frames start with an Ethernet header / with an IP header.
LINKTYPE_ETHERNET = 1
_LINKTYPES_IP = frozenset({12, 14, 101, 228, 229})

_ETH_VLAN = frozenset({0x8100, 0x88A8, 0x9100})
_PORT_PROTOCOLS = frozenset({6, 17, 33, 50, 132})  # TCP, UDP, DCCP, ESP (SPI), SCTP
_ESP = 50
_ARP = 0x0806

#: A flow key: ("ip", protocol, source, destination, source port, destination port) with
#: addresses as text, ("ether", ethertype) for a frame that carries no IP (ARP: ("ether",
#: 0x0806, operation, sender address, target address)), or ("raw",)
FlowKey = tuple[str | int, ...]


def read_pcap(path: Path) -> tuple[int, list[Packet]]:
    """(link type, packets) of a classic pcap file (either byte order, micro- or nanosecond
    stamps); stamps in nanoseconds (a truncated last record keeps the bytes there are).
    Raises ValueError on a file that is not one, OSError when it cannot be read."""
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


def flow_key(linktype: int, frame: bytes) -> FlowKey:
    """The 5-tuple flow of a captured frame: IP protocol, addresses and (for TCP, UDP, DCCP,
    SCTP first fragments) ports, 0 where absent; for ESP the SPI in place of the ports (a
    tunnel's security association is its flow, RFC 4303); IPv4 and IPv6, after an Ethernet
    header (with 802.1Q/802.1ad tags) or none (IP link types).  A frame that is no IP
    packet is keyed by its ethertype (ARP also by its operation and its sender and target IPv4
    addresses), or ``("raw",)``.  Never raises."""
    off = 0
    if linktype == LINKTYPE_ETHERNET:
        if len(frame) < 14:
            return ("raw",)
        etype, off = int.from_bytes(frame[12:14], "big"), 14
        while etype in _ETH_VLAN and len(frame) >= off + 4:
            etype, off = int.from_bytes(frame[off + 2:off + 4], "big"), off + 4
        if etype == _ARP and len(frame) >= off + 28:  # one kind of message between two hosts
            return ("ether", etype, int.from_bytes(frame[off + 6:off + 8], "big"),
                    ".".join(map(str, frame[off + 14:off + 18])),
                    ".".join(map(str, frame[off + 24:off + 28])))
        if etype not in (0x0800, 0x86DD):
            return ("ether", etype)
    elif linktype not in _LINKTYPES_IP:
        return ("raw",)
    ip = frame[off:]
    if len(ip) >= 20 and ip[0] >> 4 == 4:
        hl = (ip[0] & 0xF) * 4
        proto = ip[9]
        first = int.from_bytes(ip[6:8], "big") & 0x1FFF == 0
        src, dst = ".".join(map(str, ip[12:16])), ".".join(map(str, ip[16:20]))
        l4 = ip[hl:] if first and proto in _PORT_PROTOCOLS else b""
    elif len(ip) >= 40 and ip[0] >> 4 == 6:
        proto = ip[6]
        src, dst = ip[8:24].hex(), ip[24:40].hex()
        l4 = ip[40:] if proto in _PORT_PROTOCOLS else b""
    else:
        return ("raw",)
    if proto == _ESP and len(l4) >= 4:  # a tunnel: its security association (SPI)
        return ("ip", proto, src, dst, int.from_bytes(l4[0:4], "big"), 0)
    sport = int.from_bytes(l4[0:2], "big") if len(l4) >= 4 else 0
    dport = int.from_bytes(l4[2:4], "big") if len(l4) >= 4 else 0
    return ("ip", proto, src, dst, sport, dport)


def describe_flow(key: FlowKey) -> str:
    """A flow key in words: ``TCP 10.0.0.1:1234 -> 10.0.0.2:80``, ``ARP (ethertype 0x0806)``."""
    if key[0] == "ip":
        _, proto, src, dst, sport, dport = key
        name = {1: "ICMP", 6: "TCP", 17: "UDP", 50: "ESP", 58: "ICMPv6", 132: "SCTP"}.get(
            int(proto), f"IP protocol {proto}")
        if proto == _ESP:
            return f"{name} {src} -> {dst} SPI {sport}"
        if sport or dport:
            return f"{name} {src}:{sport} -> {dst}:{dport}"
        return f"{name} {src} -> {dst}"
    if key[0] == "ether" and len(key) == 5:
        op = {1: "request", 2: "reply"}.get(int(key[2]), f"operation {key[2]}")
        return f"ARP {op} {key[3]} -> {key[4]}"
    if key[0] == "ether":
        etype = int(key[1])
        name = {0x0806: "ARP ", 0x88CC: "LLDP "}.get(etype, "")
        return f"{name}(ethertype 0x{etype:04x})"
    return "frames without an IP header"
