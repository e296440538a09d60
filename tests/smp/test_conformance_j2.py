"""The conformance cases of ../shared/conformance with ``clickc run -j 2``.

Every run must reproduce what real Click wrote, as in tests/conformance, with one allowance:
when the placement pass puts the case's tasks on more than one thread, packets of different
flows may leave in another order, so output captures are compared per flow (packets with the
same IPv4 source, destination and protocol, or the same non-IP frames, keep their order and
bytes, and timestamps where the case compares them) and standard error as a multiset of lines.
Handler values (counts) must be equal in every case.  A case with a single task runs on one
thread and is compared exactly as its mode says.  The comparison helpers are check.py's own
(loaded from ../shared/conformance/check.py without running its command line).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CONFORMANCE = SHARED / "conformance"
PCAPS = SHARED / "pcaps"
CHECK = CONFORMANCE / "check.py"


def _check_module() -> dict[str, Any]:
    """check.py's functions (handlers, packets, norm_digest, errlines, dscp_of, GENERATED)."""
    src = CHECK.read_text()
    head, sep, _ = src.rpartition("\nmain()")
    assert sep, "check.py no longer ends by calling main()"
    ns: dict[str, Any] = {"__name__": "conformance_check"}
    exec(compile(head, str(CHECK), "exec"), ns)
    return ns


def _cases() -> list[str]:
    if not CONFORMANCE.is_dir():
        return []
    return sorted(p.parent.name for p in CONFORMANCE.glob("*/case.json"))


def task_threads(case: str, names: list[str] | None = None,
                 options: dict[str, str] | None = None) -> set[int]:
    """Threads the placement pass gives the case's tasks with -j 2 (the -O2 pipeline, or the
    passes ``names`` with ``--pass-option`` ``options``)."""
    from clickc.driver import CompileOptions, check, optimize_graph, parse
    from clickc.elements import registry
    from clickc.errors import ErrorHandler
    from clickc.frontend.cmdline import Source
    from clickc.passes.threads import analyze

    errh = ErrorHandler()
    cwd = os.getcwd()
    os.chdir(CONFORMANCE / case)  # require(library ...) is relative to the configuration
    try:
        parsed = parse(Source(path="config.click"), {"IN": "in.pcap", "OUT": "out"}, errh)
        graph = check(parsed, errh).graph
        settings = tuple(f"{k}={v}" for k, v in (options or {}).items())
        optimize_graph(graph, CompileOptions(threads=2, passes=tuple(names) if names is not None
                                             else None, pass_options=settings), errh, [])
    finally:
        os.chdir(cwd)
    return {graph.element(t).facts.thread for t in analyze(graph, registry).tasks}


def records(path: Path, generated: int) -> list[tuple[int, int, bytes]]:
    """(seconds, subseconds, bytes) of each pcap record; timestamps of packets the router made
    (after ``generated``, check.py's GENERATED) are zeroed as check.py's norm_digest does."""
    b = path.read_bytes()
    if len(b) < 24:
        return []
    e = "<" if b[:4] in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    i, out = 24, []
    while i + 16 <= len(b):
        s, u, incl, _ = struct.unpack(e + "IIII", b[i:i + 16])
        if s >= generated:
            s = u = 0
        out.append((s, u, b[i + 16:i + 16 + incl]))
        i += 16 + incl
    return out


def flow_key(pkt: bytes) -> tuple[Any, ...]:
    """IPv4 (source, destination, protocol) of a raw IP or Ethernet frame, else "other"."""
    off = -1
    if pkt and pkt[0] >> 4 == 4:
        off = 0
    elif len(pkt) >= 34 and pkt[12:14] == b"\x08\x00":
        off = 14
    if off < 0 or len(pkt) < off + 20:
        return ("other",)
    return (pkt[off + 12:off + 16], pkt[off + 16:off + 20], pkt[off + 9])


def per_flow(recs: list[tuple[int, int, bytes]], with_ts: bool) -> dict[Any, list[Any]]:
    groups: dict[Any, list[Any]] = defaultdict(list)
    for s, u, pkt in recs:
        groups[flow_key(pkt)].append((s, u, pkt) if with_ts else pkt)
    return dict(groups)


CLICKC = os.environ.get("CLICKC_J2_CLICKC")


@pytest.mark.parametrize("case", _cases())
def test_case_builds_with_two_threads(case: str, tmp_path: Path) -> None:
    """The -j 2 programs of every run build; on the workers (building times nothing), so that
    test_case_with_two_threads, which runs them alone, finds them built."""
    from tests.conformance.test_conformance import require_runnable

    require_runnable(case)
    build_case(case, tmp_path, [])


@pytest.mark.serial  # routers on two threads (both CPUs)
@pytest.mark.parametrize("case", _cases())
def test_case_with_two_threads(case: str, tmp_path: Path) -> None:
    from tests.conformance.test_conformance import require_runnable

    require_runnable(case)
    failures = run_case(case, tmp_path, [], len(task_threads(case)) > 1)
    assert not failures, "\n".join(failures)


#: A case forced onto two threads: pipeline-cut (told that Counter 'good' and the Unstrip
#: after it are expensive) cuts the good-packet path before Unstrip, and the placement puts
#: the FromDump and the inserted Unqueue on different threads (an spsc ring between them).
FORCED_CUT = ("checkip", ["pipeline-cut", "placement"],
              {"cost": "good:3000,Unstrip@9:3000"})


def _forced_cut_options() -> tuple[str, list[str]]:
    case, names, options = FORCED_CUT
    if not PCAPS.is_dir() or not (CONFORMANCE / case).is_dir():
        pytest.skip("../shared/conformance or ../shared/pcaps not available")
    extra = ["--passes=" + ",".join(names)]
    extra += [f"--pass-option={k}={v}" for k, v in options.items()]
    return case, extra


def test_case_cut_builds(tmp_path: Path) -> None:
    """The forced cut's programs build (on the workers, as test_case_builds_with_two_threads)."""
    case, extra = _forced_cut_options()
    build_case(case, tmp_path, extra)


@pytest.mark.serial  # routers on two threads (both CPUs)
def test_case_cut_across_two_threads(tmp_path: Path) -> None:
    case, extra = _forced_cut_options()
    _, names, options = FORCED_CUT
    assert task_threads(case, names, options) == {0, 1}
    failures = run_case(case, tmp_path, extra, True)
    assert not failures, "\n".join(failures)


def _command(case: str, run: dict[str, Any], handlers: list[str], extra: list[str],
             tmp_path: Path) -> tuple[list[str], Path, Path]:
    """``clickc run -j 2 EXTRA...`` of one run of ``case`` (its input ``run``), in a copy of
    the case's folder under ``tmp_path``: (command, working directory, output directory).
    OUT is named relative to the working directory: the same text in every copy, so every copy
    gives the same program (parameter values can be part of the generated C)."""
    stem = run["input"][:-5]
    work = tmp_path / stem / "case"
    shutil.copytree(CONFORMANCE / case, work, ignore=shutil.ignore_patterns("expected"))
    out = tmp_path / stem / "out"
    out.mkdir()
    cmd = [sys.executable, "-m", "clickc", "run", "-j", "2", *extra, "config.click",
           f"IN={PCAPS / run['input']}", "OUT=../out"]
    for h in handlers:
        cmd += ["-h", h]
    return cmd, work, out


def build_case(case: str, tmp_path: Path, extra: list[str]) -> None:
    """Build the program of every run of ``case`` as :func:`run_case` runs it, without running
    it (``clickc run --print-program``): clickc's program cache (compiler/commands/run.py)
    keeps it, so that run_case, in the serial part, only runs it.  Asserts that each builds."""
    meta = json.loads((CONFORMANCE / case / "case.json").read_text())
    for r in meta["runs"]:
        cmd, work, _ = _command(case, r, meta["handlers"], extra, tmp_path)
        p = subprocess.run([*cmd, "--print-program"], cwd=work, capture_output=True, text=True,
                           timeout=600)
        assert p.returncode == 0, f"{r['input']}: {p.stderr[-3000:]}"
        assert Path(p.stdout.strip()).is_file(), p.stdout


def run_case(case: str, tmp_path: Path, extra: list[str], threaded: bool) -> list[str]:
    """Every run of ``case`` with ``clickc run -j 2 EXTRA...``; the failures, one line per
    run (see the module docstring for the comparisons)."""
    ck = _check_module()
    meta = json.loads((CONFORMANCE / case / "case.json").read_text())
    mode = meta["compare"]
    failures = []
    for r in meta["runs"]:
        stem = r["input"][:-5]
        cmd, work, out = _command(case, r, meta["handlers"], extra, tmp_path)
        p = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            failures.append(f"{stem}: exit {p.returncode}: {p.stderr.strip()[:200]}")
            continue
        edir = CONFORMANCE / case / "expected" / stem
        why = []
        exp_h = (edir / "handlers.txt").read_text()
        if ck["handlers"](p.stdout, meta["handlers"]) != ck["handlers"](exp_h, meta["handlers"]):
            why.append("handlers differ")
        if mode in ("exact", "stderr"):
            got, exp = ck["errlines"](p.stderr), ck["errlines"]((edir / "stderr.txt").read_text())
            if (sorted(got) != sorted(exp)) if threaded else (got != exp):
                why.append("stderr differs")
        for o in r["outputs"]:
            if o in ("handlers.txt", "stderr.txt"):
                continue
            of, ef = out / o, edir / o
            if not of.exists():
                why.append(f"{o} missing")
                continue
            if mode == "per-class":
                a, b = ck["packets"](str(of)), ck["packets"](str(ef))
                for k in sorted(set(map(ck["dscp_of"], a + b))):
                    if ([x for x in a if ck["dscp_of"](x) == k]
                            != [x for x in b if ck["dscp_of"](x) == k]):
                        why.append(f"{o} class {k} differs")
                        break
            elif not threaded:
                if mode == "exact" and ck["norm_digest"](str(of)) != ck["norm_digest"](str(ef)):
                    why.append(f"{o} differs")
                elif mode == "bytes" and ck["packets"](str(of)) != ck["packets"](str(ef)):
                    why.append(f"{o} packets differ")
            elif o.endswith(".pcap"):
                gen = int(ck["GENERATED"])
                if per_flow(records(of, gen), mode == "exact") != per_flow(
                        records(ef, gen), mode == "exact"):
                    why.append(f"{o} differs within a flow")
            elif sorted(of.read_text().splitlines()) != sorted(ef.read_text().splitlines()):
                why.append(f"{o} lines differ")
        if why:
            failures.append(f"{stem}: " + "; ".join(why))
    return failures


def test_flow_grouping_keeps_order_within_a_flow() -> None:
    ip = bytes([0x45, 0, 0, 20, 0, 0, 0, 0, 64, 17, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2])
    other = bytes([0x45, 0, 0, 20, 0, 0, 0, 0, 64, 6, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2])
    a = [(1, 0, ip + b"a"), (1, 1, other), (1, 2, ip + b"b")]
    b = [(1, 1, other), (1, 0, ip + b"a"), (1, 2, ip + b"b")]
    assert per_flow(a, True) == per_flow(b, True)
    c = [(1, 2, ip + b"b"), (1, 1, other), (1, 0, ip + b"a")]
    assert per_flow(a, False) != per_flow(c, False)
