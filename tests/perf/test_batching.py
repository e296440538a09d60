"""Batch conversion (--batch N, docs/batching.md): which elements the batch pass puts in a
region, and that a batched router's output is byte-for-byte the per-packet router's (and
Click's, on the conformance cases)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.driver import CompileOptions, generate_c, router_model
from clickc.errors import ErrorHandler
from clickc.ir import BatchRegion, RouterGraph
from clickc.passes import batching

from tests.testlib import compile_c, require_compiler

SHARED = Path(__file__).resolve().parents[2].parent / "shared"

# One 64-byte Ethernet/IPv4/UDP frame to 2.0.0.2, TTL 2, no DF (checksum valid).
FRAME = ("00 00 c0 ae 67 ef 00 00 00 00 00 00 08 00 45 00 00 32 ab cd 00 00 02 11 09 ec "
         "01 00 00 01 02 00 00 02 13 69 13 69 00 1e 00 00 55 44 50 20 70 61 63 6b 65 74 21 "
         "20 70 61 79 6c 6f 61 64 20 30 31")

# Bursts of 4 cross a Tee whose branches join again at a Queue, a fragmenter (two fragments
# per packet), and two TTL decrements whose expiry sends ICMP errors (a global IP ID counter,
# so their order shows) back into the route lookup; a Print at the exits shows the order.
ORDER = f"""src :: InfiniteSource(DATA \\<{FRAME}>, LIMIT 14, BURST 4, STOP true);
src -> c :: Classifier(12/0800, -);
c[1] -> Discard;
c[0] -> Strip(14) -> ch :: CheckIPHeader -> rt :: StaticIPLookup(2.0.0.0/8 0, 0.0.0.0/0 1);
rt[1] -> Print(DEFAULT, 28) -> Discard;
rt[0] -> t :: Tee(3);
t[0] -> Print(A, 24) -> j :: Queue(1000);
t[1] -> fr :: IPFragmenter(40) -> Paint(2) -> j;
t[2] -> d1 :: DecIPTTL -> d2 :: DecIPTTL -> Print(TTL, 24) -> j;
d1[1] -> e1 :: ICMPError(9.9.9.9, timeexceeded) -> rt;
d2[1] -> e2 :: ICMPError(9.9.9.9, timeexceeded) -> rt;
j -> Unqueue -> Print(OUT, 40) -> cnt :: Counter -> Discard;
"""


def _model_regions(tmp_path: Path, text: str, batch: int, opt: int = 2,
                   threads: int = 1) -> list[BatchRegion]:
    cfg = tmp_path / "b.click"
    cfg.write_text(text)
    seen: list[RouterGraph] = []
    real = batching.run

    def spy(graph: RouterGraph, ctx: object) -> None:
        real(graph, ctx)  # type: ignore[arg-type]
        seen.append(graph)

    pm = pytest.MonkeyPatch()
    from clickc.passes import manager
    reg = dict(manager.registry())
    reg["batch"] = manager.Pass("batch", "spy", spy, provides=("batch",))
    pm.setattr(manager, "_REGISTRY", reg)
    try:
        router_model(cfg, CompileOptions(opt=opt, batch=batch, threads=threads),
                     ErrorHandler())
    finally:
        pm.undo()
    if not seen:
        return []
    return list(seen[0].facts.batch_regions)


def test_region_members_and_exits(tmp_path: Path) -> None:
    regions = _model_regions(tmp_path, ORDER, 32)
    assert len(regions) == 1
    r = regions[0]
    assert r.producer == "src" and r.burst is True and r.size == 32
    members = set(r.members)
    assert {"c", "ch", "rt", "t", "fr", "d1", "d2"} <= members
    # ICMPError (global IP ID), Queue, Print and Counter (rates read the clock) stay out
    assert not members & {"e1", "e2", "j", "cnt"}
    assert not any(m.startswith(("Print", "Unqueue")) for m in members)


def test_no_regions_per_packet(tmp_path: Path) -> None:
    assert _model_regions(tmp_path, ORDER, 0) == []
    assert _model_regions(tmp_path, ORDER, 32, opt=0) == []
    cfg = tmp_path / "b.click"
    cfg.write_text(ORDER)
    assert "ckb0_run" not in generate_c(cfg, CompileOptions(batch=0), ErrorHandler())
    assert "ckb0_run" in generate_c(cfg, CompileOptions(batch=8), ErrorHandler())


def test_time_dependent_elements_are_not_members(tmp_path: Path) -> None:
    text = ("src :: InfiniteSource(LIMIT 5) -> p :: Paint(1) -> cnt :: Counter -> Discard;\n"
            "s2 :: InfiniteSource(LIMIT 5) -> f :: IPFragmenter(100, false) -> Discard;\n")
    regions = {str(r.producer): r.members for r in _model_regions(tmp_path, text, 16)}
    assert regions.get("src") == ["p"]  # Counter's rates read the clock
    assert "s2" not in regions  # IPFragmenter without HONOR_DF draws random IDs


def _run(tmp_path: Path, text: str, batch: int) -> str:
    cfg = tmp_path / f"r{batch}.click"
    cfg.write_text(text)
    prog = tmp_path / f"r{batch}"
    subprocess.run([sys.executable, "-m", "clickc", "-O2", f"--batch={batch}", str(cfg),
                    "-o", str(prog)], check=True)
    r = subprocess.run([str(prog), "-h", "cnt.count", "-h", "j.drops", "-h", "fr.fragments",
                        "-h", "ch.drops"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout + "\n--stderr--\n" + r.stderr


def test_batched_output_equals_per_packet(tmp_path: Path) -> None:
    base = _run(tmp_path, ORDER, 0)
    assert base.count("DEFAULT:") == 14 and base.count("A:") == 14  # every packet, an error
    for n in (2, 3, 32):
        assert _run(tmp_path, ORDER, n) == base, f"--batch {n}"


def _conformance_cases() -> list[str]:
    return sorted(p.parent.name for p in (SHARED / "conformance").glob("*/case.json"))


# One test per case (each on whichever worker is free), not one test running the whole suite
# twice: that single test was the parallel part's longest item (680 s of one worker at load
# 10-14, the other worker idle at the end of the run).
@pytest.mark.skipif(not (SHARED / "conformance" / "check.py").is_file(),
                    reason="../shared/conformance not present")
@pytest.mark.parametrize("case", _conformance_cases())
def test_conformance_cases_same_with_batch(case: str, tmp_path: Path) -> None:
    """check.py against Click's recorded outputs, per packet and with --batch 32: the case's
    runs pass and fail alike, with the same reasons."""
    root = tmp_path / "cases"
    root.mkdir()
    (root / case).symlink_to(SHARED / "conformance" / case)
    results = {}
    for batch in (0, 32):
        wrapper = tmp_path / f"clickc{batch}"
        wrapper.write_text(f'#!/bin/sh\ncmd=$1; shift\nexec "{sys.executable}" -m clickc '
                           f'"$cmd" --batch {batch} "$@"\n')
        wrapper.chmod(0o755)
        r = subprocess.run([sys.executable, str(SHARED / "conformance" / "check.py"),
                            str(wrapper), "public", str(root),
                            str(SHARED / "pcaps")], capture_output=True, text=True,
                           timeout=3000, env=dict(os.environ))
        results[batch] = r.stdout.splitlines()
    assert results[32] == results[0]
    assert results[0] and results[0][-1].startswith("passed"), results[0]


@pytest.mark.parametrize("cc", ["gcc", "clang"])
def test_batched_c_is_warning_free(cc: str, tmp_path: Path) -> None:
    require_compiler(cc)
    cfg = tmp_path / "b.click"
    cfg.write_text(ORDER)
    src = tmp_path / "b.c"
    src.write_text(generate_c(cfg, CompileOptions(batch=3), ErrorHandler()))
    compile_c(cc, "-O2", "-c", str(src), "-o", str(tmp_path / "b.o"))
