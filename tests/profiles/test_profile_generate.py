"""--profile-generate end to end: the instrumented router's profile has the router's own
counts, measured service times where packets flowed, and it feeds --profile-use."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from clickc.backend.cc import BuildOptions, build_program, find_cc
from clickc.driver import CompileOptions, generate_c, router_model
from clickc.errors import ErrorHandler
from clickc.passes.profile import load_profile

CONFIG = """\
s :: InfiniteSource(LENGTH 60, LIMIT 40000, BURST 4, STOP true)
  -> c :: Counter -> st :: Strip(14) -> q :: Queue(50) -> u :: Unqueue(BURST 2)
  -> c2 :: Counter -> d :: Discard;
"""


@pytest.fixture(scope="module")
def profiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict]:
    try:
        find_cc()
    except Exception:  # noqa: BLE001 - no compiler: nothing to run
        pytest.skip("no C compiler")
    d = tmp_path_factory.mktemp("prof")
    cfg = d / "r.click"
    cfg.write_text(CONFIG)
    prof = d / "r.prof"
    c = generate_c(cfg, CompileOptions(profile_generate=str(prof)), ErrorHandler())
    exe = d / "router"
    build_program(c, exe, BuildOptions(opt=1, extra_cflags=["-Werror"]))
    out = subprocess.run([str(exe), "-h", "c2.count", "-h", "q.drops", "-h", "q.length"],
                         capture_output=True,
                         text=True, timeout=120, check=True)
    return cfg, prof, {"stdout": out.stdout}


def test_profile_counts_match_handlers(profiled: tuple[Path, Path, dict]) -> None:
    cfg, prof, run = profiled
    data = json.loads(prof.read_text())
    # two -h handlers print "NAME:" before each value, as Click does
    count2, drops, left = (int(x) for x in run["stdout"].split() if x.isdigit())
    el = data["elements"]
    assert el["s"]["out_packets"] == [40000]
    assert el["c"]["in_packets"] == [40000]
    assert el["c2"]["in_packets"] == [count2]
    assert data["queues"]["q"]["drops"] == drops
    assert count2 + drops + left == 40000  # STOP true: the router stops at LIMIT
    assert data["tasks"]["s"]["packets"] == 40000
    assert data["tasks"]["u"]["packets"] == count2


def test_sampled_service_times(profiled: tuple[Path, Path, dict]) -> None:
    _, prof, _ = profiled
    p = load_profile(prof)
    for name in ("s", "c", "st", "q", "u", "c2", "d"):
        rec = p.elements[name]
        assert rec.calls > 0, name
        assert rec.sampled_packets > 0, name
        assert p[name] > 0, name
    # one call in 256 of each task is sampled: the source's 10,000 calls give 40
    assert 38 <= p.elements["s"].calls <= 41
    assert p.utilization("c") > 0


def test_profile_use_matches_exactly(profiled: tuple[Path, Path, dict]) -> None:
    cfg, prof, _ = profiled
    explain: list[str] = []
    router_model(cfg, CompileOptions(profile_use=(str(prof),)), ErrorHandler(), explain=explain)
    assert any("[profile]" in line and "exact" in line for line in explain)


def test_pgo_round_trip(tmp_path: Path) -> None:
    """--profile-generate --pgo writes FILE.profraw beside FILE; --profile-use FILE --pgo
    builds with it (clang and llvm-profdata needed)."""
    import shutil

    from clickc.cli import main

    if shutil.which("clang") is None or shutil.which("llvm-profdata") is None:
        pytest.skip("needs clang and llvm-profdata (Debian packages clang, llvm)")
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    prof = tmp_path / "r.prof"
    gen, use = tmp_path / "gen", tmp_path / "use"
    assert main(["-O1", f"--profile-generate={prof}", "--pgo", str(cfg), "-o", str(gen)]) == 0
    run_dir = tmp_path / "cwd"
    run_dir.mkdir()
    subprocess.run([str(gen)], check=True, timeout=120, capture_output=True, cwd=run_dir)
    assert prof.is_file() and Path(f"{prof}.profraw").stat().st_size > 0
    assert list(run_dir.iterdir()) == []  # no stray default.profraw
    assert main(["-O1", f"--profile-use={prof}", "--pgo", str(cfg), "-o", str(use)]) == 0
    out = subprocess.run([str(use), "-h", "c.count"], check=True, timeout=120,
                         capture_output=True, text=True)
    assert out.stdout.strip() == "40000"
    # a profile whose raw PGO data is missing is a clear error, not a crash
    Path(f"{prof}.profraw").unlink()
    assert main(["-O1", f"--profile-use={prof}", "--pgo", str(cfg), "-o", str(use)]) == 1
