"""SourceIPHashMapper (issue 19): an IPRewriter mapper choosing the pattern by a consistent hash
of the source address (Click's elements/ip/siphmapper.{cc,hh}).  The router's choices are
compared with a model written here from Click's description: glibc's random() after
srandom(SEED) draws NNODES points per server ID in increasing ID order, a point carries its
server's rank among the IDs, and that rank indexes the patterns in configuration order."""

from __future__ import annotations

import ipaddress
from pathlib import Path

from .harness import run

SEED, NNODES = 0xBADBEEF, 5
#: (new destination, server ID) per pattern, in configuration order
SERVERS = [("10.0.0.1", 7), ("10.0.0.2", 3), ("10.0.0.3", 12)]
SOURCES = [f"1.0.{i}.{i * 7 % 256}" for i in range(1, 41)]


def glibc_random(seed: int, count: int) -> list[int]:
    """The first ``count`` values of glibc's random() after srandom(seed) (TYPE_3 additive
    feedback generator)."""
    r = [seed if seed else 1]
    for i in range(1, 31):
        hi, lo = divmod(r[i - 1], 127773)
        word = 16807 * lo - 2836 * hi
        r.append(word + 2147483647 if word < 0 else word)
    for i in range(31, 34):
        r.append(r[i - 31])
    out = []
    for i in range(34, 344 + count):
        r.append((r[i - 31] + r[i - 3]) & 0xFFFFFFFF)
        if i >= 344:
            out.append(r[i] >> 1)
    return out


def model_rank(src: str) -> int:
    ids = sorted({sid for _, sid in SERVERS})
    draws = iter(glibc_random(SEED, (max(ids) + 1) * NNODES))
    points = []
    for server in range(max(ids) + 1):
        for _ in range(NNODES):
            d = next(draws)
            if server in ids:
                points.append((d, ids.index(server)))
    points.sort()
    # the point reached: the smallest point >= key, else the tree's root (a median point)
    key = int.from_bytes(ipaddress.IPv4Address(src).packed, "little")
    key = (key * (((key & 0xFF) << 24) | 1)) & 0xFFFFFFFF
    key %= 0x7FFFFFFF
    above = [rank for d, rank in points if d >= key]
    return above[0] if above else -1


def test_choices_follow_the_hash(tmp_path: Path) -> None:
    pats = ", ".join(f"- - {dst} - 0 1 {sid}" for dst, sid in SERVERS)
    (tmp_path / "flows.txt").write_text(
        "!data ip_src ip_dst ip_proto sport dport\n"
        + "".join(f"{s} 2.0.0.1 T 1000 80\n" for s in SOURCES))
    run(tmp_path, f"m :: SourceIPHashMapper({NNODES} {SEED}, {pats});\n"
            f"FromIPSummaryDump({tmp_path}/flows.txt, STOP true, CHECKSUM true)\n"
            "  -> rw :: IPRewriter(m) -> ToIPSummaryDump($OUT/out.txt, FIELDS ip_src ip_dst);\n"
            "rw[1] -> Discard;\n", [])
    got = dict(line.split() for line in (tmp_path / "out" / "out.txt").read_text().splitlines()
               if not line.startswith("!"))
    assert list(got) == SOURCES
    dests = [dst for dst, _ in SERVERS]
    for src in SOURCES:
        rank = model_rank(src)
        if rank >= 0:  # past the largest point: the root, which the model does not place
            assert got[src] == dests[rank], src
    assert len(set(got.values())) > 1


def test_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "SourceIPHashMapper();\nSourceIPHashMapper(5 1);\n"
            "SourceIPHashMapper(5, - - 1.0.0.1 - 0 1 2);\n"
            "SourceIPHashMapper(5 1, - - 1.0.0.1 - 0 1 x);\n", [], expect_ok=False)
    for message in ("no hash seed given", "no patterns given",
                    "requires 2 config params: numnodes seed", "bad server ID in pattern spec"):
        assert message in r.stderr, message
    # recorded with $CLICK_PREFIX/bin/click r.click: the warning comes before NNODES SEED are
    # read, so the third element prints it too
    assert r.stderr.count("warning: only one pattern given") == 2
    assert "warning: only one pattern given\n  requires 2 config params" in r.stderr
