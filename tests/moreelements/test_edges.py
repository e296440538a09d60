"""Truncated frames through the new classes, built with AddressSanitizer and
UndefinedBehaviorSanitizer (clickc only: Click itself reads past such packets).

Every truncation (0 bytes to the whole frame) of an ICMP echo request, a TCP segment and a UDP
datagram in Ethernet frames runs through configs/edges.click.  The sanitizers abort on any
access outside a packet; the counts must follow Click's rules (computed here from the frame
lengths), every packet that does not pass is a counted drop with its reason (--stats), and
SetUDPChecksum's message appears once per router, as Click's router attachment makes it.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from .cases import CONFIGS
from .crafted import _ip_helpers

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def _frames() -> list[bytes]:
    c = _ip_helpers()
    whole = [c.ETH + c.ip(c.icmp(8, 0, b"\0\1\0\2" + b"ping"), proto=1),
             c.ETH + c.ip(c.tcp(b"GET /"), proto=6),
             c.ETH + c.ip(c.udp(b"hello"))]
    return [f[:n] for f in whole for n in range(len(f) + 1)]


def _write(path: Path, frames: list[bytes]) -> None:
    out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i, f in enumerate(frames):
        out += struct.pack("<IIII", 1000 + i, 0, len(f), len(f)) + f
    path.write_bytes(bytes(out))


def _expected(frames: list[bytes]) -> dict[str, int]:
    """Counts by Click's rules for each branch of edges.click."""
    n = {k: 0 for k in ("em", "echo", "notecho", "tcp", "udp", "ip", "sih", "cl")}
    for f in frames:
        ln = len(f)
        ip = f[14:]
        hl = (ip[0] & 0xF) * 4 if ip else 0
        th = ip[hl:] if ip else b""
        n["em"] += ln >= 12
        if len(ip) >= 20 and len(th) >= 8 and hl <= len(ip) and ip[9] == 1 and th[0] == 8:
            n["echo"] += 1
        else:
            n["notecho"] += 1
        if len(ip) >= 20:
            iplen = struct.unpack("!H", ip[2:4])[0]
            plen = iplen - hl
            n["tcp"] += hl <= len(ip) and 20 <= plen <= len(th)
            n["udp"] += len(th) >= 8 and struct.unpack("!H", th[4:6])[0] <= len(th)
            n["ip"] += 20 <= hl <= len(ip)
        n["sih"] += ln >= 14 + hl
        n["cl"] += ln <= 40
    return n


def test_truncations_under_sanitizers(tmp_path: Path) -> None:
    """No out-of-bounds access; counts and drop reasons as computed."""
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    frames = _frames()
    pcap = tmp_path / "edges.pcap"
    _write(pcap, frames)
    exp = _expected(frames)
    stats = tmp_path / "stats.json"
    cmd = [sys.executable, "-m", "clickc", "run", "-O1", *SANITIZE,
           str(CONFIGS / "edges.click"), f"IN={pcap}", f"--stats={stats}"]
    for k in [*exp, "nohdr", "nohdr2"]:
        cmd += ["-h", f"{k}.count"]
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:exitcode=99",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=98")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env,
                       cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]
    got = {}
    lines = p.stdout.split("\n")
    for i, line in enumerate(lines):
        if line.endswith(".count:"):
            got[line[:-len(".count:")]] = int(lines[i + 1])
    assert got == {**exp, "nohdr": 0, "nohdr2": 0}
    # SetUDPChecksum's message: once for the router, naming the first element that dropped
    msgs = [ln for ln in p.stderr.splitlines() if "fragment or short packet" in ln]
    assert len(msgs) == 1 and msgs[0].endswith(":: SetUDPChecksum: fragment or short packet")
    total = len(frames)
    by_class: dict[str, dict[str, int]] = {}
    for e in json.loads(stats.read_text())["elements"]:
        for r, k in e["drop_reasons"].items():
            by_class.setdefault(e["class"], {}).setdefault(r, 0)
            by_class[e["class"]][r] += k
    assert by_class["EtherMirror"] == {"no Ethernet header": total - exp["em"]}
    assert by_class["SetTCPChecksum"] == {"bad lengths": 2 * total - exp["tcp"]}
    assert by_class["SetUDPChecksum"] == {"fragment or short packet": 2 * total - exp["udp"]}
    assert by_class["SetIPChecksum"] == {"bad input packet": total - exp["ip"]}
    assert by_class["StripIPHeader"] == {"no transport header": total - exp["sih"]}
    assert by_class["CheckLength"] == {"too long": total - exp["cl"]}
    assert by_class["PaintSwitch"] == {"no such output": total}
    assert "ICMPPingResponder" not in by_class  # output 1 is connected: nothing dropped
