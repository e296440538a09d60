"""EraseIPPayload (issue 19): TCP and UDP payloads and checksums zeroed, ICMP untouched, other
protocols and packets without an IP header dropped, as Click's eraseippayload.cc does."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import run
from .test_ip import ETH, TCP, _ip

FRAMES = [
    ETH + _ip(6, TCP + b"tcp payload"),
    ETH + _ip(17, b"\x00\x35\x00\x35\x00\x10\xab\xcd" + b"udp data"),
    ETH + _ip(1, b"\x08\x00\x12\x34" + b"icmp payload"),
    ETH + _ip(47, b"gre?"),
    ETH + _ip(6, TCP[:10]),
    ETH + b"\x45\x00",
]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader(VERBOSE false) -> e :: EraseIPPayload
    -> ToDump($OUT/erased.pcap, ENCAP IP);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_erase(tmp_path: Path, sanitized: bool) -> None:
    """Zeroed payloads and checksums; the GRE packet is dropped with its reason."""
    r = run(tmp_path, CONFIG, FRAMES, sanitized=sanitized)
    tcp, udp, icmp, _, short, _ = (f[14:] for f in FRAMES)
    tcp_e = tcp[:20 + 16] + b"\0\0" + tcp[38:40] + bytes(len(tcp) - 40)
    udp_e = udp[:26] + b"\0\0" + bytes(len(udp) - 28)
    assert r.frames("erased") == [tcp_e, udp_e, icmp, short]
    assert r.drops["e"] == {"not TCP, UDP or ICMP": 1}
