"""The timestamps pass (passes/timestamps.py): sources stop stamping packets only when no
element reachable from them can read the timestamp annotation, and the router's output is the
same either way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from clickc.backend.pipeline import PassOptions, build_router_model, generate_c
from clickc.errors import ErrorHandler


def _decisions(tmp_path: Path, text: str, opt: int = 2) -> dict[str, bool]:
    """``{source name: stamps kept}`` after -O{opt} (the generated C holds the macro)."""
    cfg = tmp_path / "t.click"
    cfg.write_text(text)
    model = build_router_model(cfg, {}, ErrorHandler(), opt=opt)
    out = {}
    for e in model.elements:
        if e.class_name in ("InfiniteSource", "RatedSource"):
            out[e.name] = "#define SOURCE_TIMESTAMP 0" not in e.c_code
    return out


@pytest.mark.parametrize("sink,kept", [
    ("Queue -> Discard", False),
    ("Counter -> Discard", False),
    ("Strip(14) -> CheckIPHeader -> IPFragmenter(100) -> Discard", False),  # copies, not reads
    ("ToDump(FILE)", True),
    ("Print -> Discard", False),
    ("Print(TIMESTAMP true) -> Discard", True),
    ("Strip(14) -> IPPrint -> Discard", True),  # IPPrint's TIMESTAMP defaults to true
    ("Strip(14) -> IPPrint(TIMESTAMP false) -> Discard", False),
    ("Strip(14) -> ToIPSummaryDump(FILE)", True),  # default CONTENTS starts with timestamp
    ("Strip(14) -> ToIPSummaryDump(FILE, CONTENTS ip_src ip_dst)", False),
    ("Strip(14) -> ToIPSummaryDump(FILE, CONTENTS ip_src ts_sec)", True),
    ("Strip(14) -> ToIPSummaryDump(FILE, CONTENTS usec1)", True),
    ("Queue -> Unqueue -> Tee -> Discard; tee_later :: Idle", False),
])
def test_elided_only_when_unobservable(tmp_path: Path, sink: str, kept: bool) -> None:
    sink = sink.replace("FILE", str(tmp_path / "out"))
    got = _decisions(tmp_path, f"src :: InfiniteSource(LIMIT 3) -> {sink};\n")
    assert got == {"src": kept}


def test_observer_after_a_queue_and_a_tee_keeps_stamps(tmp_path: Path) -> None:
    text = ("src :: InfiniteSource(LIMIT 3) -> Queue -> Unqueue -> t :: Tee;"
            "t[0] -> Discard; t[1] -> Print(TIMESTAMP true) -> Discard;\n")
    assert _decisions(tmp_path, text) == {"src": True}


def test_each_source_decided_on_its_own_reach(tmp_path: Path) -> None:
    text = ("a :: InfiniteSource(LIMIT 3) -> Print(TIMESTAMP true) -> Discard;\n"
            "b :: RatedSource(LIMIT 3) -> Discard;\n"
            "c :: InfiniteSource(LIMIT 3) -> q :: Queue -> Discard;\n")
    assert _decisions(tmp_path, text) == {"a": True, "b": False, "c": False}


def test_packets_merging_into_an_observer_keep_stamps(tmp_path: Path) -> None:
    text = (f"a :: InfiniteSource(LIMIT 3) -> q :: Queue -> ToDump({tmp_path / 'd.pcap'});\n"
            f"b :: InfiniteSource(LIMIT 3) -> q;\n")
    assert _decisions(tmp_path, text) == {"a": True, "b": True}


def test_not_run_at_O0_nor_without_the_pass(tmp_path: Path) -> None:
    text = "src :: InfiniteSource(LIMIT 3) -> Discard;\n"
    assert _decisions(tmp_path, text, opt=0) == {"src": True}
    cfg = tmp_path / "t.click"
    cfg.write_text(text)
    c = generate_c(cfg, {}, ErrorHandler(), passes=PassOptions(names=[]))
    assert "#define SOURCE_TIMESTAMP 0" not in c
    c = generate_c(cfg, {}, ErrorHandler(), passes=PassOptions(names=["timestamps"]))
    assert "#define SOURCE_TIMESTAMP 0" in c


def _run(tmp_path: Path, text: str, opt: int, name: str) -> str:
    cfg = tmp_path / f"{name}.click"
    cfg.write_text(text)
    prog = tmp_path / name
    subprocess.run([sys.executable, "-m", "clickc", f"-O{opt}", str(cfg), "-o", str(prog)],
                   check=True)
    r = subprocess.run([str(prog)], capture_output=True, text=True, timeout=60, check=True)
    return r.stdout + r.stderr


def test_stamps_still_reach_an_observer_and_output_is_unchanged(tmp_path: Path) -> None:
    # observed: Print shows a real time (seconds since the epoch well past 2020)
    out = _run(tmp_path, "InfiniteSource(LIMIT 2, STOP true) -> Print(x, 4, TIMESTAMP true)"
                         " -> Discard;\n", 2, "obs")
    stamps = [float(line.split(": ")[1]) for line in out.splitlines() if line.startswith("x: ")]
    assert len(stamps) == 2 and all(s > 1.6e9 for s in stamps)
    # unobserved: the same output with and without the pass
    text = ("InfiniteSource(LIMIT 4, STOP true) -> Strip(14) -> CheckIPHeader"
            " -> IPPrint(p, TIMESTAMP false) -> c :: Counter -> Discard;\n")
    assert _run(tmp_path, text, 2, "o2") == _run(tmp_path, text, 0, "o0")
