"""ARPFaker (issue 19): its first ARP reply one second after the start (Click's
elements/ethernet/arpfaker.cc, the reply of ARPResponder::make_response).  ARPResponder, which
makes the same reply, is checked by its own tests."""

from __future__ import annotations

import struct
from pathlib import Path

from .harness import run

CONFIG = """
define($OUT .);
ARPFaker(18.26.4.1, 0:e0:2b:b:1a:0, 18.26.4.99, 00:a0:c9:9c:fd:9c) -> ToDump($OUT/arp.pcap);
Script(wait 1.5s, stop);
"""


def test_arpfaker(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [])
    teth, seth = bytes.fromhex("00e02b0b1a00"), bytes.fromhex("00a0c99cfd9c")
    tip, sip = bytes([18, 26, 4, 1]), bytes([18, 26, 4, 99])
    reply = teth + seth + b"\x08\x06" + struct.pack("!HHBBH", 1, 0x0800, 6, 4, 2) \
        + seth + sip + teth + tip
    assert r.frames("arp") == [reply]
