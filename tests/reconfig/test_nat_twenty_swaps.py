"""Issue 21's acceptance test (docs/reconfiguration.md, "The NAT under 20 swaps"):
examples/nat.click forwarding a real capture replayed in a loop, reconfigured every second for
20 swaps (routes added, a Queue's capacity changed, a Counter added), at -j 1 and -j 2.  Every
packet offered is forwarded or counted as a drop with its reason (sums checked), no flow
changes its mapped address and port, the counters of kept elements never go back, and the
longest gap between packets written around each swap is measured.

The configurations are compiled once, before the router starts (``hotlib.prebuild``): a
``hotconfig`` write of a configuration built before finds it in clickc's cache and costs the
compiler's start only (about 0.5 s), so the swaps keep their one-second period; a swap that
takes longer than the period delays the next one (the test goes on at once)."""

from __future__ import annotations

import json
import re
import struct
import time
from pathlib import Path

import pytest

from .hotlib import ROOT, HotRouter, free_port, mappings, pcap_times, prebuild

PCAP = ROOT.parent / "shared" / "pcaps" / "ndpi-gnutella.pcap"
LOOPS = 40          # the capture's 3905 packets, 40 times: 156 s at RATE 1000
RATE = 1000
SWAPS = 20

#: The counters of elements every configuration keeps (they never go back).
KEPT = ("src", "nonip", "other", "inside_in", "outside_out", "outside_in", "inside_out",
        "sent", "td_out", "td_in")


def loop_capture(src: Path, dst: Path, loops: int) -> int:
    """``src`` (a pcap file) with its records repeated ``loops`` times in ``dst``, as a capture
    replayed in a loop (Click's FromDump plays a file once).  Returns the number of records."""
    data = src.read_bytes()
    header, records = data[:24], data[24:]
    n, off = 0, 0
    endian = "<" if struct.unpack("<I", data[:4])[0] in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    while off + 16 <= len(records):
        off += 16 + struct.unpack(endian + "I", records[off + 8:off + 12])[0]
        n += 1
    dst.write_bytes(header + records[:off] * loops)
    return n * loops


def nat_variant(k: int) -> str:
    """examples/nat.click made a test router (the capture read at RATE packets/s, what
    leaves towards outside through ``q :: Queue -> u :: Unqueue``, counted and time-stamped;
    TCP_DONE_TIMEOUT long enough that no flow of the looping capture expires during the
    test: an expired flow is rightly mapped again, to another port), variant ``k`` of four:
    0 the base, 1 eight routes added to ``byaddr``, 2 also the Queue's capacity from 1000 to
    64, 3 also ``added :: Counter``."""
    text = (ROOT / "examples" / "nat.click").read_text()
    edits = [
        ("FromDump($IN, STOP true)",
         f"src :: FromDump($IN, STOP false) -> ru :: RatedUnqueue(RATE {RATE})"),
        ("outside_in :: Counter -> byaddr :: StaticIPLookup(\n",
         "outside_in :: Counter -> byaddr :: StaticIPLookup(\n"
         + "".join(f"    203.0.113.{i}/32 {i},\n" for i in range(8 if k >= 1 else 0))),
        ("outside_out -> t :: Tee(2);",
         f"outside_out -> q :: Queue({64 if k >= 2 else 1000}) -> u :: Unqueue -> "
         f"{'added :: Counter -> ' if k >= 3 else ''}sent :: Counter -> SetTimestamp -> "
         "t :: Tee(2);"),
        ("-> ToDump($OUT/outside.pcap", "-> td_out :: ToDump($OUT/outside.pcap"),
        ("-> ToDump($OUT/inside.pcap", "-> td_in :: ToDump($OUT/inside.pcap"),
        ("TCP_DONE_TIMEOUT 30)", "TCP_DONE_TIMEOUT 3000)"),
    ]
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize("threads", ["1", "2"])
def test_nat_example_twenty_swaps(tmp_path: Path, threads: str) -> None:
    loop = tmp_path / "loop.pcap"
    total = loop_capture(PCAP, loop, LOOPS)
    stats = tmp_path / "stats.json"
    options = ("-O0", "-j", threads, f"IN={loop}", f"OUT={tmp_path}")
    variants = [nat_variant(k) for k in range(4)]
    port = free_port()
    built = prebuild(tmp_path, port, variants, *options)
    with HotRouter(tmp_path, variants[0], *options, f"--stats={stats}", port=port) as r:
        assert r.control is not None
        ctl = r.control

        def flows() -> dict[str, str]:
            return mappings("".join(ctl.read(f"rw{i}.{p}_table")
                                    for i in range(32) for p in ("tcp", "udp")))

        time.sleep(0.5)
        seen = flows()
        last = {k: int(ctl.read(f"{k}.count")) for k in KEPT}
        windows: list[tuple[int, int]] = []
        took: list[float] = []
        start = time.monotonic()
        for k in range(1, SWAPS + 1):
            time.sleep(max(0.0, start + k - time.monotonic()))
            t0, m0 = time.time_ns(), time.monotonic()
            code, lines = ctl.hotconfig(variants[k % 4])
            windows.append((t0, time.time_ns()))
            took.append(time.monotonic() - m0)
            assert code == 200, lines
            assert ctl.read("q.capacity") == ("64" if k % 4 >= 2 else "1000")
            assert ("203.0.113.7/32" in ctl.read("byaddr.table")) == (k % 4 >= 1)
            for flow, mapped in flows().items():   # no flow changes its mapped port
                assert seen.setdefault(flow, mapped) == mapped, (k, flow)
            for name in KEPT:                      # kept counters never go back
                v = int(ctl.read(f"{name}.count"))
                assert v >= last[name], (k, name)
                last[name] = v
        played = last["src"]
        elapsed = time.monotonic() - start
        assert ctl.command("WRITE src.active false")[0] == 200
        steady: list[int] = []
        while True:     # until every packet read has left the graph
            time.sleep(0.3)
            now = [int(ctl.read(f"{k}.count")) for k in KEPT] + [int(ctl.read("q.length"))]
            if now == steady:
                break
            steady = now
        final = dict(zip(KEPT, steady[:-1], strict=True))
        held = steady[-1]
        status, _, err = r.stop()
    assert status == 0, err
    print(f"\n-j {threads}: {played} of {total} packets read in {elapsed:.1f} s of swaps; "
          f"swaps took {took}")
    assert 0 < played < total        # every swap came while the capture played
    report = json.loads(stats.read_text())
    elements = {e["name"]: e for e in report["elements"]}
    reasons = {f"{name}: {why}": n for name, e in elements.items()
               for why, n in e["drop_reasons"].items()}
    drops = sum(e["drops"] for e in elements.values())
    assert drops == sum(reasons.values())
    # every packet read is in a sink, written (Tee makes two of each packet sent), held or
    # counted as a drop with its reason
    assert (final["src"] + final["sent"] == final["nonip"] + final["other"] + final["td_out"]
            + final["td_in"] + held + drops), (final, held, reasons)
    assert final["sent"] == final["td_out"] == final["outside_in"]
    assert final["inside_out"] == final["td_in"] > 0
    switched = [float(line.split()[3]) for line in err.splitlines()
                if line.startswith("hotconfig: switched in")]
    assert len(switched) == SWAPS
    parts = [re.findall(r"(?:initialization|transfer|cleanup) ([0-9.]+)", line)
             for line in err.splitlines() if line.startswith("hotconfig: switched in")]
    split = [sorted(float(p[k]) for p in parts)[SWAPS // 2] for k in range(3)]
    times = pcap_times(tmp_path / "outside.pcap")
    assert len(times) == final["td_out"]       # one file across the 20 swaps
    gaps = [(times[i], times[i + 1]) for i in range(len(times) - 1)]
    around = [max((b - a for a, b in gaps if b >= w0 and a <= w1), default=0)
              for w0, w1 in windows]
    elsewhere = max((b - a for a, b in gaps
                     if not any(b >= w0 and a <= w1 for w0, w1 in windows)), default=0)
    print(f"\n-j {threads}: {played} packets offered, {drops} drops {reasons}; prebuild "
          f"{built:.1f} s; hotconfig writes {min(took):.2f}-{max(took):.2f} s; switch "
          f"{min(switched):.3f}-{max(switched):.3f} ms (median "
          f"{sorted(switched)[len(switched) // 2]:.3f}; medians: initialization {split[0]:.3f}, "
          f"transfer {split[1]:.3f}, cleanup {split[2]:.3f}); longest gap around a swap "
          f"{min(around) / 1e6:.2f}-{max(around) / 1e6:.2f} ms (median "
          f"{sorted(around)[len(around) // 2] / 1e6:.2f}); longest gap elsewhere "
          f"{elsewhere / 1e6:.2f} ms")
    assert max(around) < 1_000_000_000   # the traffic never stops for a whole period
