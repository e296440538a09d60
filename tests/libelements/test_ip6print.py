"""IP6Print (issue 19): Click's line for each IPv6 packet, the hex CONTENTS layout (a space
every 4 bytes, a new indented line every 24) and the marker for a packet without a complete
IPv6 header (Click's elements/ip6/ip6print.cc)."""

from __future__ import annotations

import ipaddress
import struct
from pathlib import Path

from .harness import DST, SRC, run

A = ipaddress.IPv6Address("2001:db8::a").packed
B = ipaddress.IPv6Address("fe80::b").packed
IP6 = struct.pack("!IHBB", 0x60000000, 12, 17, 64) + A + B + bytes(range(12))

CONFIG = """
define($IN in.pcap);
FromDump($IN, STOP true) -> Strip(14) -> MarkIP6Header -> t :: Tee(3);
t[0] -> IP6Print(v6) -> Discard;
t[1] -> IP6Print -> Discard;
t[2] -> IP6Print(hex, CONTENTS true, NBYTES 30) -> Discard;
"""


def _hex(b: bytes) -> str:
    out = "  "
    for i, x in enumerate(b):
        out += f"{x:02x}"
        if i % 24 == 23:
            out += "\n  "
        elif i % 4 == 3:
            out += " "
    return out


def test_ip6print(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [DST + SRC + b"\x86\xdd" + IP6, DST + SRC + b"\x86\xdd" + IP6[:30]])
    line = "2001:db8::a -> fe80::b plen 12, next 17, hlim 64"
    lines = r.stderr.splitlines()
    assert f"v6: {line}" in lines and line in lines
    assert f"hex: {line}\n{_hex(IP6[:30])}\n" in r.stderr
    assert lines.count("v6: truncated-ip6") == 1 and lines.count("truncated-ip6") == 1
    assert "hex: truncated-ip6" in lines
