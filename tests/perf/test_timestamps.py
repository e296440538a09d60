"""The timestamps pass (passes/timestamps.py): sources stop stamping packets only when no
element reachable from them can read the timestamp annotation, and the router's output is the
same either way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from clickc.driver import CompileOptions, generate_c, router_model
from clickc.errors import ErrorHandler


def _decisions(tmp_path: Path, text: str, opt: int = 2) -> dict[str, bool]:
    """``{source name: stamps kept}`` after -O{opt} (the generated C holds the macro)."""
    cfg = tmp_path / "t.click"
    cfg.write_text(text)
    model = router_model(cfg, CompileOptions(opt=opt), ErrorHandler())
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
    c = generate_c(cfg, CompileOptions(passes=()), ErrorHandler())
    assert "#define SOURCE_TIMESTAMP 0" not in c
    c = generate_c(cfg, CompileOptions(passes=("timestamps",)), ErrorHandler())
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


def _copies(tmp_path: Path, text: str) -> dict[str, bool]:
    cfg = tmp_path / "c.click"
    cfg.write_text(text)
    model = router_model(cfg, CompileOptions(opt=2), ErrorHandler())
    return {e.name: "#define SOURCE_COPY 1" in e.c_code for e in model.elements
            if e.class_name == "InfiniteSource"}


def test_source_copy_only_when_a_reachable_element_writes(tmp_path: Path) -> None:
    text = ("a :: InfiniteSource(LIMIT 3) -> Queue -> Unqueue -> Strip(14) -> CheckIPHeader"
            " -> DecIPTTL -> Discard;\n"
            "b :: InfiniteSource(LIMIT 3) -> Strip(14) -> Counter -> Discard;\n"
            "c :: InfiniteSource(LIMIT 3) -> EtherEncap(0x0800, 1:1:1:1:1:1, 2:2:2:2:2:2)"
            " -> Discard;\n")
    assert _copies(tmp_path, text) == {"a": True, "b": False, "c": True}


# Recorded from Click 2.1: $CLICK_PREFIX/bin/click COPY.click (the text below, LIMIT 3): each
# packet gives these two lines.  Unstrip after a clone's Strip shows the Ethernet header again
# (Click's uniqueify copies the headroom).
CLICK_COPY_LINES = [
    "a:   40 | 45000028 00000000 3f1178c3 01000001 02000002 13691369 0014d641 55445020 "
    "7061636b 6574210a",
    "b:   54 | 0000c0ae 67ef0000 00000000 08004500 00280000 00004011 77c30100 00010200 "
    "00021369 13690014 d6415544 50207061 636b6574 210a",
]


def test_copies_give_clicks_packets(tmp_path: Path) -> None:
    # DecIPTTL writes, so the source emits copies; the Tee's clone is written, its other
    # output is un-stripped and printed
    frame = ("00 00 c0 ae 67 ef 00 00 00 00 00 00 08 00 45 00 00 28 00 00 00 00 40 11 77 c3 "
             "01 00 00 01 02 00 00 02 13 69 13 69 00 14 d6 41 55 44 50 20 70 61 63 6b 65 74 "
             "21 0a 04 00 00 00 01 00 00 00")
    text = (f"InfiniteSource(DATA \\<{frame}>, LIMIT 3, STOP true) -> Strip(14) -> CheckIPHeader"
            " -> t :: Tee; t[0] -> DecIPTTL -> Print(a, 40) -> Discard;"
            " t[1] -> Unstrip(14) -> Print(b, 70) -> c :: Counter -> Discard;\n")
    assert _copies(tmp_path, text) == {"InfiniteSource@1": True}
    out = _run(tmp_path, text, 2, "copy")
    assert out.splitlines() == CLICK_COPY_LINES * 3
