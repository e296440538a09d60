"""Ordered replication (elements/threads/ckorder.h: OrderSplit, OrderEnter, OrderMerge) on two
threads: the merge gives packets back in the order the split saw them, whichever replica ran
them and whatever the replicas dropped or copied, and every packet is accounted for (merged,
dropped with a reason, or counted by a side exit).  Packets carry IPEncap's IP ID, a sequence
number set before the split.  The TSan variant (CLICKC_TSAN=1, the .ci/run TSan job) builds
the first router with -fsanitize=thread."""

from __future__ import annotations

import os
import struct
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.serial  # routers on two threads (both CPUs)

N = 40_000


def _ids(pcap: Path) -> list[int]:
    """The IP IDs of a ToDump(ENCAP IP) capture, in order."""
    data = pcap.read_bytes()
    off, ids = 24, []
    while off + 16 <= len(data):
        caplen = struct.unpack("<I", data[off + 8:off + 12])[0]
        ids.append(struct.unpack(">H", data[off + 16 + 4:off + 16 + 6])[0] + 0)
        off += 16 + caplen
    return ids


def _config(out: Path, capacity: int, inline: bool, replica1: str, replica0: str = "") -> str:
    heavy = " -> ".join(["CheckIPHeader"] * 6)
    opts = f"CAPACITY {capacity}" + (", INLINE true" if inline else "")
    first = "spl[0] -> OrderEnter(0, 0)" if inline else \
        "spl[0] -> q0 :: Queue(4096) -> uq0 :: Unqueue(32) -> OrderEnter(0, 0)"
    return f"""
src :: InfiniteSource(LIMIT {N}, BURST 32, LENGTH 60)
  -> IPEncap(4, 1.0.0.1, 2.0.0.2) -> spl :: OrderSplit(0, {opts});
{first} -> {heavy} -> c0 :: Counter {replica0 or "-> m :: OrderMerge(0)"};
spl[1] -> q1 :: Queue(4096) -> uq1 :: Unqueue(32) -> OrderEnter(0, 1) -> {heavy}
  -> c1 :: Counter {replica1};
m -> muq :: Unqueue(256) -> out :: Counter -> ToDump({out}, ENCAP IP);
StaticThreadSched(src 0, {"" if inline else "uq0 0, "}uq1 1, muq 1);
"""


def _run(tmp: Path, text: str, env: dict[str, str] | None = None) -> dict[str, int]:
    cfg = tmp / "o.click"
    cfg.write_text(text)
    prog = tmp / "o"
    r = subprocess.run(["clickc", "-O1", "-j", "2", str(cfg), "-o", str(prog)],
                       capture_output=True, text=True, timeout=600,
                       env={**os.environ, **(env or {})})
    assert r.returncode == 0, r.stderr
    names = ["c0.count", "c1.count", "out.count", "spl.drops", "m.drops", "m.length"]
    args = [x for n in names for x in ("-h", n)]
    r = subprocess.run([str(prog), *args], capture_output=True, text=True, timeout=600,
                       env={**os.environ, **(env or {})})
    assert r.returncode == 0, r.stderr
    lines = [x for x in r.stdout.splitlines() if x.strip()]
    vals = dict(zip(lines[0::2], lines[1::2], strict=True))
    return {n: int(vals[n + ":"]) for n in names}


def test_order_kept_with_both_replicas_busy(tmp_path: Path) -> None:
    out = tmp_path / "out.pcap"
    h = _run(tmp_path, _config(out, 65536, True, "-> [1]m"))
    assert h["c0.count"] > 1000 and h["c1.count"] > 1000, h   # both replicas worked
    assert h["out.count"] == N and h["spl.drops"] == 0 and h["m.length"] == 0, h
    ids = _ids(out)
    assert ids == [i & 0xFFFF for i in range(N)]


def test_holes_and_copies_keep_their_places(tmp_path: Path) -> None:
    # replica 0 emits every packet twice (Tee); replica 1 keeps even IDs and sends odd ones
    # to a side exit: the merge skips the holes and keeps each copy in its packet's place
    out = tmp_path / "out.pcap"
    r0 = "-> t :: Tee(2) -> m :: OrderMerge(0); t[1] -> m"
    r1 = "-> k :: Classifier(5/00%01, -) -> [1]m; k[1] -> odd :: Counter -> Discard"
    # the merge's thread writes twice the packets: a window that holds the run (no drops)
    h = _run(tmp_path, _config(out, 65536, True, r1, r0))
    assert h["c0.count"] > 1000 and h["c1.count"] > 1000, h
    ids = _ids(out)
    distinct = sorted(set(ids))
    assert ids == sorted(ids)                                 # in order, copies adjacent
    twice = {i for i in distinct if ids.count(i) == 2}
    assert len(twice) == h["c0.count"]
    assert all(i % 2 == 0 for i in distinct if i not in twice)
    odd_in_r1 = N - h["c0.count"] - len(set(distinct) - twice)
    assert h["out.count"] == 2 * h["c0.count"] + (h["c1.count"] - odd_in_r1)


def test_full_window_drops_are_counted(tmp_path: Path) -> None:
    out = tmp_path / "out.pcap"
    h = _run(tmp_path, _config(out, 16, False, "-> [1]m"))
    assert h["spl.drops"] > 0, h
    assert h["out.count"] + h["spl.drops"] == N, h
    ids = _ids(out)
    assert ids == sorted(ids) and len(ids) == h["out.count"]


def test_order_kept_tsan(tsan_ok: None, tmp_path: Path) -> None:  # noqa: F811
    flags = "-g -fsanitize=thread -fno-omit-frame-pointer"
    env = {"CLICKC_CFLAGS": flags, "CLICKC_LDFLAGS": "-fsanitize=thread",
           "TSAN_OPTIONS": "halt_on_error=1 exitcode=66"}
    out = tmp_path / "out.pcap"
    h = _run(tmp_path, _config(out, 65536, True, "-> [1]m"), env)
    assert h["out.count"] == N and _ids(out) == [i & 0xFFFF for i in range(N)]


def _frames(pcap: Path) -> list[bytes]:
    data = pcap.read_bytes()
    off, out = 24, []
    while off + 16 <= len(data):
        caplen = struct.unpack("<I", data[off + 8:off + 12])[0]
        out.append(data[off + 16:off + 16 + caplen])
        off += 16 + caplen
    return out


def test_two_sa_tunnel_entry_same_bytes_as_one_thread(tmp_path: Path) -> None:
    """bench/bench_passes.py's VPN entry (two SAs alternating, ESP + HMAC-SHA1 + 3DES, then
    IPsecEncap's IP IDs) writes the same packet sequence, byte for byte, at -O0 -j 1 and at
    -O2 -j 2, where the ciphers are split in order over two threads (a split on the SPI
    would interleave the two SAs differently, and IP IDs with them)."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from bench_passes import vpn_config
    out = tmp_path / "out.pcap"
    text = vpn_config(4000).replace(
        "-> cnt :: Counter -> Discard;", f"-> cnt :: Counter -> ToDump({out}, ENCAP IP);")
    assert str(out) in text
    cfg = tmp_path / "v.click"
    cfg.write_text(text)
    runs = []
    for opts in (["-O0", "-j", "1"], ["-O2", "-j", "2"]):
        r = subprocess.run(["clickc", *opts, "--explain", str(cfg), "-o", str(tmp_path / "v")],
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        if "-j" in opts and opts[-1] == "2":
            assert "in order into 2 replicas" in r.stderr, r.stderr
        r = subprocess.run([str(tmp_path / "v")], capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        runs.append(_frames(out))
    assert len(runs[0]) == 8000
    assert runs[0] == runs[1]


def test_group_set_at_run_time_is_range_checked(tmp_path: Path) -> None:
    """GROUP from a run-time parameter: the router defines 64 groups and refuses a larger
    GROUP at initialization with a located error (never an out-of-bounds access)."""
    out = tmp_path / "out.pcap"
    text = "define($G 0);\n" + _config(out, 512, True, "-> [1]m").replace(
        "OrderSplit(0,", "OrderSplit($G,")
    cfg = tmp_path / "g.click"
    cfg.write_text(text)
    prog = tmp_path / "g"
    r = subprocess.run(["clickc", "-O1", "-j", "2", str(cfg), "-o", str(prog)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([str(prog), "G=70"], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "While initializing 'spl :: OrderSplit'" in r.stderr
    assert "GROUP 70 out of range (at most 64 groups)" in r.stderr
