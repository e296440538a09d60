"""Vector mode (docs/batching.md "Vector mode"): -O2 chooses it per region from the cost model
of table misses, and a vectorized router's output is byte-for-byte the per-packet router's on
real captures and on full-table bench traffic."""

from __future__ import annotations

import random
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.driver import CompileOptions, router_model
from clickc.errors import ErrorHandler
from clickc.ir import BatchRegion, RouterGraph
from clickc.passes import batching, costmodel, manager

from tests.pktlib import pcap_frames
from tests.testlib import require_c_compiler

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
BENCH_CONFIG = ROOT / "bench" / "configs" / "iprouter-full.click"


def _routes(n: int, seed: int = 7) -> list[tuple[int, int]]:
    """``n`` distinct prefixes (lengths 8 to 30) with a seeded generator."""
    rng = random.Random(seed)
    out: set[tuple[int, int]] = set()
    while len(out) < n:
        plen = rng.choice((8, 12, 16, 20, 22, 24, 24, 24, 28, 30))
        a = rng.getrandbits(32) & (0xFFFFFFFF << (32 - plen)) & 0xFFFFFFFF
        out.add((a, plen))
    return sorted(out)


def _ip(a: int) -> str:
    return ".".join(str((a >> s) & 255) for s in (24, 16, 8, 0))


def _router(n_routes: int) -> str:
    """bench/configs/iprouter-full.click with ``n_routes`` seeded routes to outputs 1 and 2,
    a host route to output 0, and ToDump at each output (OUT1, OUT2) so that order shows."""
    table = ", ".join(f"{_ip(a)}/{n} {1 + (i & 1)}" for i, (a, n) in enumerate(_routes(n_routes)))
    text = BENCH_CONFIG.read_text().replace(
        "RadixIPLookup($ROUTES)", f"RadixIPLookup(10.0.0.1/32 0, {table})")
    text = text.replace("out1[0] -> sent1 :: Counter -> Discard;",
                        "out1[0] -> sent1 :: Counter -> ToDump($OUT1);")
    text = text.replace("out2[0] -> sent2 :: Counter -> Discard;",
                        "out2[0] -> sent2 :: Counter -> ToDump($OUT2);")
    return text.replace("define($ROUTES 0.0.0.0/0 1,", "define($OUT1 o1.pcap, $OUT2 o2.pcap,")


def _regions(tmp_path: Path, text: str, options: CompileOptions) -> list[BatchRegion]:
    cfg = tmp_path / "v.click"
    cfg.write_text(text)
    seen: list[RouterGraph] = []
    real = batching.run

    def spy(graph: RouterGraph, ctx: manager.PassContext) -> None:
        real(graph, ctx)
        seen.append(graph)

    with pytest.MonkeyPatch.context() as pm:
        reg = dict(manager.registry())
        reg["batch"] = manager.Pass("batch", "spy", spy, provides=("batch",),
                                    options=batching.BatchOptions)
        pm.setattr(manager, "_REGISTRY", reg)
        eh = ErrorHandler()
        router_model(cfg, options, eh)
    assert seen, "the batch pass did not run"
    return list(seen[0].facts.batch_regions or [])


def _small_caches(pm: pytest.MonkeyPatch) -> None:
    """The cost model on a machine with a 4 KiB L2 and a 16 KiB L3, so that a table of a few
    thousand routes misses (the decision, not the machine, is under test)."""
    real = costmodel.table_lookup_cycles

    def small(n: int) -> float:
        return real(n, l2=4 << 10, l3=16 << 10)
    pm.setattr(batching, "table_lookup_cycles", small)
    pm.setattr(costmodel, "table_lookup_cycles", small)


def test_model_prices_tables_by_size() -> None:
    small = costmodel.table_lookup_cycles(9, l2=1 << 20, l3=32 << 20)
    full = costmodel.table_lookup_cycles(512_621, l2=1 << 20, l3=32 << 20)
    assert small == 0.0
    assert 100 < full < 400  # docs/batching.md: about 156 cycles
    assert costmodel.overlapped(full, 32) == full / costmodel.MEMORY_PARALLELISM
    assert costmodel.overlapped(full, 1) == full


def test_o2_vectorizes_a_large_table_only(tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as pm:
        _small_caches(pm)
        big = _regions(tmp_path, _router(3000), CompileOptions(opt=2))
        small = _regions(tmp_path, _router(3), CompileOptions(opt=2))
        o1 = _regions(tmp_path, _router(3000), CompileOptions(opt=1))
        off = _regions(tmp_path, _router(3000), CompileOptions(opt=2, batch=0))
    assert len(big) == 1 and big[0].one_per_input and big[0].size == 32
    members = big[0].members
    assert members[0] == "c" and "rt" in members
    # the region stops before PaintTee (it may emit two packets per input) ...
    assert not any("cp" in m or "frag" in m for m in members)
    # ... and members come in topological order
    assert members.index("chk") < members.index("rt")
    assert small == [] and o1 == [] and off == []


def test_burst_one_source_stays_per_packet(tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as pm:
        _small_caches(pm)
        regions = _regions(tmp_path, _router(3000).replace("$BURST 32)", "$BURST 1)"),
                           CompileOptions(opt=2))
    assert regions == []


def test_explain_says_why(tmp_path: Path) -> None:
    cfg = tmp_path / "v.click"
    cfg.write_text(_router(3))
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", "--explain", "--emit", "c",
                        str(cfg), "-o", str(tmp_path / "v.c")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stderr.splitlines() if "[batch]" in x)
    assert "src: per packet (vector mode predicts" in line and "rt misses 0 cycles" in line


def _frames(n: int, seed: int, routes: list[tuple[int, int]]) -> list[bytes]:
    """Bench-like traffic: 64-byte UDP frames to addresses inside ``routes`` (some to no
    route, some with TTL 1, a few with a bad checksum, a few ARP frames)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        kind = rng.random()
        if kind < 0.03:
            out.append(bytes(6) + bytes.fromhex("020000000009") + b"\x08\x06" + bytes(46))
            continue
        a, plen = routes[rng.randrange(len(routes))]
        dst = a | (rng.getrandbits(32 - plen) if plen < 32 else 0)
        if kind < 0.08:
            dst = rng.getrandbits(32)
        ttl = 1 if kind > 0.95 else 64
        ip = bytearray(struct.pack("!BBHHHBBH4sI", 0x45, 0, 50, i & 0xFFFF, 0, ttl, 17, 0,
                                   bytes([198, 18, 0, 1]), dst))
        s = sum(struct.unpack("!10H", ip))
        while s >> 16:
            s = (s & 0xFFFF) + (s >> 16)
        ip[10:12] = struct.pack("!H", ~s & 0xFFFF)
        if 0.90 < kind < 0.91:
            ip[10] ^= 0xFF
        out.append(bytes.fromhex("020000000002020000000001") + b"\x08\x00" + bytes(ip)
                   + struct.pack("!HHHH", 1024, 1024, 30, 0) + bytes(22))
    return out


def _write_pcap(path: Path, frames: list[bytes]) -> None:
    with path.open("wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for i, d in enumerate(frames):
            f.write(struct.pack("<IIII", 1000 + i // 1000, (i % 1000) * 1000, len(d), len(d)))
            f.write(d)


HANDLERS = ("sent1.count", "sent2.count", "host.count", "badip.count", "other.count",
            "arpout.count", "arpin.count")


def _run(prog: Path, pcap: Path, tmp: Path,
         tag: str) -> tuple[str, list[str], list[bytes], list[bytes]]:
    """(handler values, the sorted lines of standard error, the frames of OUT1 and OUT2 in
    order).  Members' first-failure diagnostics may interleave differently within a burst
    (docs/batching.md), so standard error is compared as a multiset of lines; the ICMP errors'
    timestamps are the wall-clock time they were made, different in any two runs, so frames
    are compared without their capture times."""
    o1, o2 = tmp / f"{tag}-1.pcap", tmp / f"{tag}-2.pcap"
    hs = [w for h in HANDLERS for w in ("-h", h)]
    r = subprocess.run([str(prog), f"IN={pcap}", f"OUT1={o1}", f"OUT2={o2}", *hs],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout, sorted(r.stderr.splitlines()), pcap_frames(o1), pcap_frames(o2)


def _captures(tmp_path: Path) -> list[Path]:
    caps = []
    bench = tmp_path / "bench.pcap"
    _write_pcap(bench, _frames(3000, 11, _routes(3000)))
    caps.append(bench)
    for name in ("ndpi-gnutella.pcap", "tcpdump-afs.pcap", "zeek-echo-connections.pcap"):
        if (SHARED / "pcaps" / name).is_file():
            caps.append(SHARED / "pcaps" / name)
    return caps


def test_vector_output_equals_per_packet(tmp_path: Path) -> None:
    """The same bytes out of each port, the same handler values and messages, per packet and
    in vector mode (forced with vector_gain=0, vectors of 32 and of 5), on bench-like traffic
    (ICMP errors re-entering the lookup: nested runs; drops; ARP) and real captures."""
    require_c_compiler()
    cfg = tmp_path / "v.click"
    cfg.write_text(_router(3000))
    progs = {}
    for tag, extra in (("pp", ["--batch", "0"]),
                       ("v32", ["--pass-option", "vector_gain=0"]),
                       ("v5", ["--pass-option", "vector_gain=0", "--pass-option",
                               "vector_size=5"])):
        prog = tmp_path / tag
        r = subprocess.run([sys.executable, "-m", "clickc", "-O2", "--explain", *extra,
                            str(cfg), "-o", str(prog)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        if tag != "pp":
            assert "vectors of" in r.stderr and "one exit slot per packet" in r.stderr
        progs[tag] = prog
    for cap in _captures(tmp_path):
        base = _run(progs["pp"], cap, tmp_path, "pp")
        assert "sent1.count" in base[0]
        for tag in ("v32", "v5"):
            assert _run(progs[tag], cap, tmp_path, tag) == base, f"{tag} on {cap.name}"
