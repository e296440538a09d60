"""The IPv6 elements with shared state run by two threads (-j 2): two FromDump tasks on two
threads push into one CheckIP6Header, LookupIP6Route, DecIP6HLIM and IP6NDSolicitor
(configs/threads6.click).  Under ThreadSanitizer no data race is reported, and every packet that
entered (the router stops when the first source ends) is accounted for: forwarded on route 0,
or held by the solicitor for the gateway fe80::1 (never resolved: each packet replaces, and
kills, the one held before)."""

from __future__ import annotations

import os
import random
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from .cases import CONFIGS
from .crafted import eth, ip6, udp

pytestmark = pytest.mark.skipif(shutil.which("clang") is None, reason="needs clang (TSan)")


def _write(path: Path, n: int) -> int:
    """n IPv6 UDP frames to random destinations in 2001:db8:1::/48 and elsewhere; returns
    how many are for 2001:db8:1::/48."""
    rng = random.Random(7)
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    mine = 0
    for i in range(n):
        net = rng.choice([1, 2, 3])
        mine += net == 1
        f = eth(ip6(udp(), dst=f"2001:db8:{net}::{rng.randrange(1, 9)}"))
        out.append(struct.pack("<IIII", 1700000000, i, len(f), len(f)) + f)
    path.write_bytes(b"".join(out))
    return mine


def _value(out: str, h: str) -> str:
    return out.split(f"{h}:\n")[1].split("\n\n")[0].strip()


def test_two_threads_tsan(tmp_path: Path) -> None:
    """No race under TSan; the counts add up across both threads."""
    cap = tmp_path / "in.pcap"
    mine = _write(cap, 4000)
    prog = tmp_path / "r"
    subprocess.run([sys.executable, "-m", "clickc", "compile", "-O1", "-j", "2", "--cc", "clang",
                    "--cflags=-fsanitize=thread", "--ldflags=-fsanitize=thread", "-o", str(prog),
                    str(CONFIGS / "threads6.click"), f"IN={cap}"],
                   check=True, capture_output=True, text=True, timeout=900)
    env = dict(os.environ, TSAN_OPTIONS="halt_on_error=1:exitcode=66")
    p = subprocess.run([str(prog), "-h", "in0.count", "-h", "in1.count", "-h", "c0.count",
                        "-h", "q.count", "-h", "sol.stats", "-h", "sol.table",
                        "-h", "chk.drops", "-h", "d.drops"], capture_output=True, text=True,
                       timeout=300, env=env)
    assert p.returncode == 0, p.stderr[-3000:]
    assert "ThreadSanitizer" not in p.stderr
    entered = int(_value(p.stdout, "in0.count")) + int(_value(p.stdout, "in1.count"))
    assert entered >= 4000  # one source read the whole capture
    routed, queries = int(_value(p.stdout, "c0.count")), int(_value(p.stdout, "q.count"))
    assert routed + queries == entered
    assert 0 < routed < entered and mine > 0
    # route 1's gateway fe80::1 is the one neighbor: one packet held, never resolved
    assert _value(p.stdout, "sol.table") == "fe80::1 0 00-00-00-00-00-00"
    assert _value(p.stdout, "sol.stats") == (f"{queries - 1} packets killed\n"
                                             f"{queries} ND Solicitation Message sent")
    assert _value(p.stdout, "chk.drops") == "0" and _value(p.stdout, "d.drops") == "0"
