#!/usr/bin/env python3
"""IPv6 forwarding: clickc against Click on one capture.

    python3 bench/bench_ip6.py [-n RUNS] [--packets N] [--click CLICK]

Writes a capture of N (500 000) Ethernet/IPv6/UDP frames to 504 destinations in
2001:db8:1-8::/48 (random, seeded) and the configuration :data:`CONFIG` (written for this
benchmark: Strip, CheckIP6Header, GetIP6Address, a 6-route LookupIP6Route, DecIP6HLIM, Counters),
compiles it with ``clickc -O2``, and times whole runs (reading the capture included) of the
compiled router and, when CLICK is there (a Click built with ``--enable-ip6``; default
``$CLICK6``), of Click on the same files, alternating, RUNS (3) times each.
Prints each run's seconds, the medians, the routed counts (which must agree) and the 1-minute
load average (the machine may be shared).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import random
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import oracle_click6

CONFIG = """\
FromDump(v6.pcap, STOP true) -> Strip(14) -> CheckIP6Header -> GetIP6Address(24)
  -> rt :: LookupIP6Route(2001:db8:1::/48 0, 2001:db8:2::/48 0, 2001:db8:3::/48 1,
                          2001:db8:4::/48 1, 2001:db8:5::/48 0, ::/0 fe80::1 1);
rt[0] -> DecIP6HLIM -> c0 :: Counter -> Discard;
rt[1] -> DecIP6HLIM -> c1 :: Counter -> Discard;
"""


def write_capture(path: Path, n: int) -> None:
    """n frames (see the module documentation) as a microsecond little-endian pcap."""
    rng = random.Random(1)
    dsts = [ipaddress.IPv6Address(f"2001:db8:{i}::{j}").packed
            for i in range(1, 9) for j in range(1, 64)]
    src = ipaddress.IPv6Address("2001:db8:7::2").packed
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    for i in range(n):
        pay = struct.pack("!HHHH", 5000, 53, 20, 0) + bytes(12)
        ip = struct.pack("!IHBB16s16s", 0x60000000, len(pay), 17, 64, src, rng.choice(dsts)) + pay
        fr = bytes.fromhex("00112233445566778899aabb86dd") + ip
        out.append(struct.pack("<IIII", 1700000000 + i // 1000, i % 1000 * 1000, len(fr),
                               len(fr)) + fr)
    path.write_bytes(b"".join(out))


def timed(argv: list[str], cwd: Path) -> tuple[float, str]:
    """Seconds of one run and its standard output."""
    t = time.perf_counter()
    p = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=True)
    return time.perf_counter() - t, p.stdout


def main() -> None:
    """Run the benchmark."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=3)
    ap.add_argument("--packets", type=int, default=500_000)
    ap.add_argument("--click", default=oracle_click6(),
                    help="a Click built with ip6 elements (default $CLICK6)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        write_capture(d / "v6.pcap", a.packets)
        (d / "b6.click").write_text(CONFIG)
        subprocess.run([sys.executable, "-m", "clickc", "compile", "-O2", "-o", str(d / "b6"),
                        str(d / "b6.click")], check=True)
        handlers = ["-h", "c0.count", "-h", "c1.count"]
        runs: dict[str, list[float]] = {"clickc": [], "click": []}
        outs: dict[str, str] = {}
        for _ in range(a.n):
            s, outs["clickc"] = timed([str(d / "b6"), *handlers], d)
            runs["clickc"].append(s)
            if os.path.exists(a.click):
                s, outs["click"] = timed([a.click, "b6.click", *handlers], d)
                runs["click"].append(s)
        for name, r in runs.items():
            if r:
                print(f"{name}: runs {' '.join(f'{x:.3f}' for x in r)} s, median "
                      f"{statistics.median(r):.3f} s, "
                      f"{a.packets / statistics.median(r) / 1e6:.2f} Mpps end to end")
        print("counts agree" if len(set(outs.values())) == 1 else f"counts differ: {outs}")
        print(f"load average (1 min): {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
