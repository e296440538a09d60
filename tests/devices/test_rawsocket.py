"""RawSocket, ToRawSocket and FromRawSocket (issue 19) over loopback, inside the test: a
UDP/IPv4 packet pulled by the element reaches a Python UDP socket; a datagram Python sends is
received by the raw socket with its IP header (Click's elements/userlevel/rawsocket.cc).
Needs root (CAP_NET_RAW)."""

from __future__ import annotations

import os
import socket
import struct
import time
from pathlib import Path

import pytest

from tests.devices.test_socket import _compile, _finish, _payloads, _start
from tests.libelements.harness import write_pcap
from tests.pktlib import cksum

pytestmark = [pytest.mark.workers,  # packets across loopback counted, one thread, no timing
              pytest.mark.skipif(os.geteuid() != 0, reason="raw sockets need root")]


def _udp_ip(sport: int, dport: int, payload: bytes) -> bytes:
    lo = bytes([127, 0, 0, 1])
    udp = struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + payload
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 1, 0, 64, 17, 0, lo, lo)
    return ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:] + udp


def test_rawsocket_loopback(tmp_path: Path) -> None:
    peer = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    peer.bind(("127.0.0.1", 0))
    peer.settimeout(30)
    pport = peer.getsockname()[1]
    frames = [_udp_ip(40000, pport, b"raw %d" % i) for i in range(3)] + [b"short"]
    write_pcap(tmp_path / "in.pcap", frames)
    marker = 47000 + os.getpid() % 1000
    prog = _compile(tmp_path, f"""
        FromDump(in.pcap, STOP false) -> t :: ToRawSocket(UDP);
        FromRawSocket(udp) -> IPClassifier(dst udp port {marker}) -> c :: Counter
          -> ToDump(got.pcap);
    """)
    p = _start(tmp_path, prog, "c.count")
    try:
        assert [peer.recv(100) for _ in range(3)] == [b"raw %d" % i for i in range(3)]
        # the router runs (its packets arrived): its FromRawSocket is open
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _ in range(3):
                s.sendto(b"to the raw socket", ("127.0.0.1", marker))
                time.sleep(0.3)
    finally:
        out, err = _finish(p, stop=True)
        peer.close()
    assert "runt IP packet (5 bytes)" in err
    received = _payloads(tmp_path / "got.pcap")
    assert int(out.strip()) == len(received) >= 1
    ip = received[0]
    assert ip[9] == 17 and ip[28:] == b"to the raw socket"
