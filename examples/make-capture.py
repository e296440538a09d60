#!/usr/bin/env python3
"""Generate examples/iprouter-in.pcap, the capture the IP forwarding example ships with.

The capture is synthetic and deterministic (fixed seed, fixed timestamps): running this script
again reproduces the committed file byte for byte (``--check`` verifies that).  It holds
Ethernet frames carrying IPv4: UDP, TCP and ICMP echo between hosts of two subnets, with
varied sizes (64 to 1514 bytes on the wire) and correct IP/TCP/UDP/ICMP checksums (dpkt fills
them in), as a router's input would have.

Usage: python3 examples/make-capture.py [-n COUNT] [-o FILE] [--check]
"""

from __future__ import annotations

import argparse
import io
import random
import socket
import sys
from pathlib import Path

import dpkt

#: Ethernet addresses of the router's two interfaces and the hosts behind them.
ROUTER_ETH0 = bytes.fromhex("0000c0ae67ef")
HOST_ETH = bytes.fromhex("00000c0a0b01")
START_TS = 1767225600.0  # 2026-01-01T00:00:00Z


def _ip(s: str) -> bytes:
    return socket.inet_aton(s)


def make_packets(count: int, seed: int = 4) -> list[tuple[float, bytes]]:
    """``count`` (timestamp, Ethernet frame) pairs, deterministic for a given seed."""
    rng = random.Random(seed)
    out: list[tuple[float, bytes]] = []
    for i in range(count):
        src = f"18.26.4.{rng.randrange(2, 250)}"
        dst = f"18.26.7.{rng.randrange(2, 250)}"
        kind = rng.choices(["udp", "tcp", "icmp"], weights=[5, 4, 1])[0]
        size = rng.choice([64, 64, 64, 128, 256, 576, 1024, 1514])
        payload_len = max(0, size - 14 - 20 - {"udp": 8, "tcp": 20, "icmp": 8}[kind])
        payload = bytes(rng.randrange(256) for _ in range(payload_len))
        ip = dpkt.ip.IP(src=_ip(src), dst=_ip(dst), ttl=rng.choice([64, 64, 2, 1, 255]),
                        id=i & 0xFFFF)
        if kind == "udp":
            ip.p = dpkt.ip.IP_PROTO_UDP
            ip.data = dpkt.udp.UDP(sport=rng.randrange(1024, 65535), dport=53, data=payload)
        elif kind == "tcp":
            ip.p = dpkt.ip.IP_PROTO_TCP
            ip.data = dpkt.tcp.TCP(sport=rng.randrange(1024, 65535), dport=80,
                                   seq=rng.randrange(2**32), flags=dpkt.tcp.TH_ACK,
                                   data=payload)
        else:
            ip.p = dpkt.ip.IP_PROTO_ICMP
            ip.data = dpkt.icmp.ICMP(type=8, data=dpkt.icmp.ICMP.Echo(id=7, seq=i,
                                                                      data=payload))
        ip.len = 20 + len(bytes(ip.data))
        eth = dpkt.ethernet.Ethernet(dst=ROUTER_ETH0, src=HOST_ETH,
                                     type=dpkt.ethernet.ETH_TYPE_IP, data=ip)
        out.append((START_TS + i * 0.001, bytes(eth)))
    return out


def pcap_bytes(packets: list[tuple[float, bytes]]) -> bytes:
    """A classic pcap file (microsecond timestamps, LINKTYPE_ETHERNET) of ``packets``."""
    buf = io.BytesIO()
    w = dpkt.pcap.Writer(buf, snaplen=65535, linktype=dpkt.pcap.DLT_EN10MB)
    for ts, frame in packets:
        w.writepkt(frame, ts=ts)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve().parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--count", type=int, default=1000, help="packets (default 1000)")
    ap.add_argument("-o", "--output", type=Path, default=here / "iprouter-in.pcap")
    ap.add_argument("--check", action="store_true",
                    help="verify that the file matches what this script generates")
    a = ap.parse_args(argv)
    data = pcap_bytes(make_packets(a.count))
    if a.check:
        same = a.output.is_file() and a.output.read_bytes() == data
        print(f"{a.output}: {'up to date' if same else 'DIFFERS from the generator'}")
        return 0 if same else 1
    a.output.write_bytes(data)
    print(f"wrote {a.output} ({a.count} packets, {len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
