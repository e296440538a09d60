"""Malformed Ethernet and ARP frames under AddressSanitizer and UndefinedBehaviorSanitizer.

A capture of crafted frames (every truncation of an ARP request and of an ARP reply, from 0 to
60 bytes, requests with wrong hardware/protocol types or operations, and short frames) runs
through configs/arp.click and configs/switches.click built with ASan+UBSan.  The router must
not read outside any frame (the sanitizers abort on the first bad access), and the counts must
follow Click's rules: ARPResponder answers exactly the complete, well-formed requests for its
prefixes and passes every other frame to output 1; ARPQuerier counts a response for every
frame of at least 42 bytes on input 1."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from .cases import CONFIGS

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def _arp(op: int, tpa: bytes, hrd: int = 1, pro: int = 0x0800) -> bytes:
    eth = b"\xff" * 6 + bytes.fromhex("0200000000ee") + b"\x08\x06"
    return eth + struct.pack(">HHBBH", hrd, pro, 6, 4, op) + bytes.fromhex("0200000000ee") \
        + bytes([10, 1, 9, 9]) + b"\x00" * 6 + tpa


def _frames() -> tuple[list[bytes], int, int, int]:
    """(frames, complete matching requests, other ARP requests, frames >= 42 on input 1)."""
    frames: list[bytes] = []
    answered = other = responses = 0
    req = _arp(1, bytes([10, 1, 2, 3]))
    rep = _arp(2, bytes([10, 1, 0, 1]))
    for n in range(0, 61):
        f = (req + b"\x00" * 20)[:n]
        frames.append(f)
        if n >= 14 and f[12:14] == b"\x08\x06" and n >= 22 and f[20:22] == b"\x00\x01":
            if n >= 42:
                answered += 1
            else:
                other += 1
        g = (rep + b"\x00" * 20)[:n]
        frames.append(g)
        if n >= 22 and g[12:14] == b"\x08\x06" and g[20:22] == b"\x00\x02" and n >= 42:
            responses += 1
    # wrong hardware type, wrong protocol, an address ARPResponder does not answer for (all
    # reach it through the Classifier), and operation 3 (the Classifier discards it)
    for bad in (_arp(1, bytes([10, 1, 2, 3]), hrd=6), _arp(1, bytes([10, 1, 2, 3]), pro=0x86DD),
                _arp(1, bytes([172, 16, 0, 1]))):
        frames.append(bad)
        other += 1
    frames.append(_arp(3, bytes([10, 1, 2, 3])))
    return frames, answered, other, responses


def _write_pcap(path: Path, frames: list[bytes]) -> None:
    with path.open("wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for i, fr in enumerate(frames):
            f.write(struct.pack("<IIII", 1000 + i, 0, len(fr), max(len(fr), 60)))
            f.write(fr)


def _run(config: str, pcap: Path, out: Path, handlers: list[str]) -> dict[str, str]:
    cmd = [sys.executable, "-m", "clickc", "run", "-O1", *SANITIZE, str(CONFIGS / config),
           f"IN={pcap}", f"OUT={out}"]
    for h in handlers:
        cmd += ["-h", h]
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:exitcode=99"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:exitcode=98"
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env,
                       cwd=out.parent)
    assert p.returncode == 0, p.stderr[-3000:]
    values: dict[str, str] = {}
    name = None
    for line in p.stdout.splitlines():
        if line.endswith(":") and line[:-1] in handlers:
            name = line[:-1]
        elif name and line:
            values[name] = values.get(name, "") + line
    return values


@pytest.fixture()
def crafted(tmp_path: Path) -> tuple[Path, int, int, int]:
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    frames, answered, other, responses = _frames()
    pcap = tmp_path / "crafted.pcap"
    _write_pcap(pcap, frames)
    return pcap, answered, other, responses


def test_arp_crafted(crafted: tuple[Path, int, int, int], tmp_path: Path) -> None:
    """Truncated and wrong ARP frames: no bad access; replies only to complete requests."""
    pcap, answered, other, responses = crafted
    out = tmp_path / "out"
    out.mkdir()
    v = _run("arp.click", pcap, out, ["notours.count", "q.responses", "q.count"])
    replies = (out / "replies.pcap").read_bytes()
    n = 0
    i = 24
    while i + 16 <= len(replies):
        incl = struct.unpack("<I", replies[i + 8:i + 12])[0]
        assert incl == 42
        n += 1
        i += 16 + incl
    assert n == answered
    assert int(v["notours.count"]) == other
    assert int(v["q.responses"]) == responses
    assert int(v["q.count"]) == 1  # 10.1.0.1 learned from the complete replies


def test_switches_crafted(crafted: tuple[Path, int, int, int], tmp_path: Path) -> None:
    """Short frames through HostEtherFilter, the switches, EtherRewrite and Align: no bad
    access, every frame counted once by the hash and stride switches."""
    pcap, _, _, _ = crafted
    frames = _frames()[0]
    out = tmp_path / "out"
    out.mkdir()
    hs = ["own.count", "h0.count", "h1.count", "h2.count", "s0.count", "s1.count", "s2.count"]
    v = _run("switches.click", pcap, out, hs)
    own = int(v["own.count"])
    assert sum(int(v[h]) for h in ("h0.count", "h1.count", "h2.count")) + own == len(frames)
    assert sum(int(v[h]) for h in ("s0.count", "s1.count", "s2.count")) + own == len(frames)
