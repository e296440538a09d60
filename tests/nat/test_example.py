"""examples/nat.click (the SMP Click paper's Figure 8 NAT: 32 IPRewriters behind a HashSwitch,
an echoing outside host) on real captures: every packet is accounted for, and both directions
map consistently.

The test taps what enters the NAT from inside (a ToDump added to a copy of the example), then
checks packet by packet (pushes keep the order): each packet leaving towards outside has one of
the rewriters' addresses and a port from 1024-65535, the original destination, valid checksums
exactly where the original's were valid, and one external address and port per flow, never
shared by two flows; each echoed packet arrives back inside as the mirror image of the
original, byte for byte."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.elemharness import PCAPS
from tests.pktlib import cksum
from tests.pktlib import pcap_frames as read_pcap

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "nat.click"


def checks(p: bytes) -> tuple[bool, bool | None]:
    """(IP header checksum valid, transport checksum valid or None when not checkable)."""
    hl = (p[0] & 15) * 4
    ipok = cksum(p[:hl]) == 0
    tot = struct.unpack("!H", p[2:4])[0]
    if len(p) < tot or struct.unpack("!H", p[6:8])[0] & 0x3FFF or p[9] not in (6, 17):
        return ipok, None
    seg = p[hl:tot]
    if p[9] == 17 and struct.unpack("!H", seg[6:8])[0] == 0:
        return ipok, None
    pseudo = p[12:20] + struct.pack("!BBH", 0, p[9], len(seg))
    return ipok, cksum(pseudo + seg) == 0


def mirror(p: bytes) -> bytes:
    """What IPMirror makes of p: addresses, ports and TCP sequence numbers exchanged."""
    b = bytearray(p)
    hl = (p[0] & 15) * 4
    b[12:16], b[16:20] = p[16:20], p[12:16]
    first = not struct.unpack("!H", p[6:8])[0] & 0x1FFF
    if p[9] in (6, 17) and first and len(p) >= hl + 8:
        b[hl:hl + 2], b[hl + 2:hl + 4] = p[hl + 2:hl + 4], p[hl:hl + 2]
        if p[9] == 6 and len(p) >= hl + 12:
            b[hl + 4:hl + 8], b[hl + 8:hl + 12] = p[hl + 8:hl + 12], p[hl + 4:hl + 8]
    return bytes(b)


def flow(p: bytes) -> tuple[bytes, bytes, int, bytes, bytes]:
    """(src, sport, protocol, dst, dport) of a TCP/UDP packet."""
    hl = (p[0] & 15) * 4
    return p[12:16], p[hl:hl + 2], p[9], p[16:20], p[hl + 2:hl + 4]


@pytest.mark.parametrize("pcap,alloc", [("ndpi-gnutella.pcap", "#"),
                                        ("tcpreplay-test.pcap", "#"),
                                        ("ndpi-gnutella.pcap", "?"),
                                        ("ndpi-gnutella.pcap", "")])
def test_nat_example(pcap: str, alloc: str, tmp_path: Path) -> None:
    """Every packet accounted for; consistent, invertible mappings in both directions.  With
    ``?`` (random ports) and no suffix (the flow's own port when free, else random) the choice
    cannot be Click's, so only this structure is checked."""
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    text = EXAMPLE.read_text()
    tap = "from_inside[0] -> inside_in :: Counter -> hs :: HashSwitch(12, 12);"
    assert tap in text
    text = text.replace(tap, "from_inside[0] -> inside_in :: Counter -> tap :: Tee(2) "
                             "-> hs :: HashSwitch(12, 12);\n"
                             "tap[1] -> ToDump($OUT/from_inside.pcap, ENCAP IP);")
    text = text.replace("-> CheckIPHeader\n", "-> chk :: CheckIPHeader\n")
    assert text.count("1024-65535#") == 32
    text = text.replace("1024-65535#", "1024-65535" + alloc)
    cfg = tmp_path / "nat.click"
    cfg.write_text(text)
    out = tmp_path / "out"
    out.mkdir()
    names = ["nonip", "other", "inside_in", "outside_out", "outside_in", "inside_out"]
    cmd = [sys.executable, "-m", "clickc", "run", "-O1", str(cfg), f"IN={PCAPS / pcap}",
           f"OUT={out}", "-h", "chk.drops"] + [a for n in names for a in ("-h", f"{n}.count")]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]
    vals = dict(zip(["chk.drops"] + names,
                    (int(x) for x in p.stdout.split() if x.isdigit()), strict=True))
    total = len(read_pcap(PCAPS / pcap))
    assert vals["nonip"] + vals["chk.drops"] + vals["other"] + vals["inside_in"] == total
    assert vals["inside_in"] == vals["outside_out"] == vals["outside_in"] \
        == vals["inside_out"] > 0

    orig = read_pcap(out / "from_inside.pcap")
    outside = read_pcap(out / "outside.pcap")
    inside = read_pcap(out / "inside.pcap")
    assert len(orig) == len(outside) == len(inside) == vals["inside_in"]
    external: dict[tuple[bytes, ...], tuple[bytes, bytes]] = {}
    owner: dict[tuple[bytes, bytes, int, bytes, bytes], tuple[bytes, ...]] = {}
    for o, x, back in zip(orig, outside, inside, strict=True):
        fo, fx = flow(o), flow(x)
        assert fx[0][:3] == bytes([198, 51, 100]) and 1 <= fx[0][3] <= 32
        assert 1024 <= struct.unpack("!H", fx[1])[0] <= 65535
        assert fx[2:] == fo[2:]
        assert checks(x) == checks(o)
        key = fo
        assert external.setdefault(key, fx[:2]) == fx[:2], "one mapping per flow"
        assert owner.setdefault(fx, key) == key, "no external flow shared by two flows"
        assert back == mirror(o)
