"""The harness shared by the element-against-Click suites (tests/ipelements, tests/moreelements,
tests/ip6elements, tests/l2elements, tests/tcpelements): recording Click's outputs for a
suite's cases, and checking that the router clickc compiles reproduces them.

A suite's ``cases`` module provides ``CASES`` (config stem -> (handlers read at exit, inputs)),
``CONFIGS``, ``EXPECTED``, ``PCAPS``, ``CRAFTED`` (the name of its generated input, or None),
``input_path(pcap, scratch)``, ``stderr_lines(text)``, ``lines_digest(lines)`` and a digest of
output files (passed as ``digest``).  ``expected/NAME/STEM.json`` holds one run of Click: the
command, exit status, standard output (handler values), the count, digest and first lines of
standard error, and the digest of every output file."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

_PCAP_MAGICS = (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d")


def output_digest(path: Path, generated: int, text_headers: bool = False) -> str:
    """sha256 of an output file.  In a pcap the timestamps of packets at or after ``generated``
    (Unix seconds: packets the router made itself carry the time of the run) are zeroed; with
    ``text_headers`` a text file's ToIPSummaryDump header lines that hold the run's time, host
    or program (``!creator``, ``!runtime``, ``!host``, ``!starttime``, ``!date``) are blanked;
    other files are hashed as they are."""
    b = path.read_bytes()
    magic = b[:4]
    if len(b) < 24 or magic not in _PCAP_MAGICS:
        if text_headers:
            b = re.sub(rb"^!(creator|runtime|host|starttime|date).*$", b"", b, flags=re.M)
        return hashlib.sha256(b).hexdigest()
    e = "<" if magic in _PCAP_MAGICS[:2] else ">"
    h = hashlib.sha256(b[:24])
    i = 24
    while i + 16 <= len(b):
        s, u, incl, orig = struct.unpack(e + "IIII", b[i:i + 16])
        if s >= generated:
            s = u = 0
        h.update(struct.pack("<IIII", s, u, incl, orig))
        h.update(b[i + 16:i + 16 + incl])
        i += 16 + incl
    h.update(b[i:])
    return h.hexdigest()


#: clickc options of the sanitized build (ASan + UBSan; any report fails the run).
SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def _recorded(cases: ModuleType, name: str, pcap: str) -> bool:
    return bool((cases.EXPECTED / name / (pcap[:-5] + ".json")).exists())


def runs(cases: ModuleType) -> list[Any]:
    """pytest parameters (name, pcap) of every recorded case of the suite."""
    return [pytest.param(name, pcap, id=f"{name}-{pcap[:-5]}")
            for name, (_, inputs) in cases.CASES.items() for pcap in inputs
            if _recorded(cases, name, pcap)]


def unrecorded(cases: ModuleType) -> list[tuple[str, str]]:
    """(name, pcap) of every case and input without an expected file: :func:`runs` skips
    them silently, so a suite asserts this is empty."""
    return [(name, pcap) for name, (_, inputs) in cases.CASES.items() for pcap in inputs
            if not _recorded(cases, name, pcap)]


def run_clickc(cases: ModuleType, name: str, pcap: str, out: Path,
               extra: list[str]) -> subprocess.CompletedProcess[str]:
    """``clickc run configs/NAME.click IN=PCAP OUT=out -h ...`` with ``extra`` options, in
    ``out``'s parent directory."""
    handlers, _ = cases.CASES[name]
    cmd = [sys.executable, "-m", "clickc", "run", *extra, str(cases.CONFIGS / f"{name}.click"),
           f"IN={cases.input_path(pcap, out.parent)}", f"OUT={out}"]
    for h in handlers:
        cmd += ["-h", h]
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:exitcode=99"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:exitcode=98"
    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env,
                          cwd=out.parent, errors="surrogateescape")


def check_against_click(cases: ModuleType, name: str, pcap: str, sanitize: bool, tmp: Path,
                        digest: Callable[[Path], str]) -> None:
    """Build case ``name`` with -O1 (sanitized or not), run it on ``pcap`` and assert that the
    exit status, handler values, standard error and output files equal Click's recording;
    skips without ../shared/pcaps (for real captures) or a C compiler."""
    if pcap != cases.CRAFTED and not cases.PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    exp = json.loads((cases.EXPECTED / name / (pcap[:-5] + ".json")).read_text())
    out = tmp / "out"
    out.mkdir()
    p = run_clickc(cases, name, pcap, out, ["-O1"] + (SANITIZE if sanitize else []))
    assert p.returncode == exp["status"], p.stderr[-3000:]
    assert p.stdout == exp["stdout"]
    err = cases.stderr_lines(p.stderr)
    assert (len(err), cases.lines_digest(err)) == (exp["stderr_lines"], exp["stderr_sha256"]), \
        (err[:10], exp["stderr_head"])
    files = {f.name: digest(f) for f in sorted(out.iterdir())}
    assert files == exp["files"]


def _run_click(cases: ModuleType, suite: str, digest: Callable[[Path], str], click: str,
               name: str, pcap: str, handlers: list[str]) -> dict[str, Any]:
    """One run of Click on one case; returns the record."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        out.mkdir()
        src = cases.input_path(pcap, Path(tmp))
        cmd = [click, str(cases.CONFIGS / f"{name}.click"), f"IN={src}", f"OUT={out}"]
        for h in handlers:
            cmd += ["-h", h]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp,
                           errors="surrogateescape")
        files = {f.name: digest(f) for f in sorted(out.iterdir())}
        shown_in = (f"IN={cases.CRAFTED} (crafted.py)" if src.parent == Path(tmp)
                    else f"IN=../shared/pcaps/{pcap}")
        shown = ["click", f"tests/{suite}/configs/{name}.click", shown_in,
                 "OUT=DIR"] + [a for h in handlers for a in ("-h", h)]
        err = cases.stderr_lines(p.stderr)
        return {"command": " ".join(shown), "status": p.returncode, "stdout": p.stdout,
                "stderr_lines": len(err), "stderr_sha256": cases.lines_digest(err),
                "stderr_head": err[:10], "files": files}


def record_main(cases: ModuleType, suite: str, digest: Callable[[Path], str],
                default_click: str) -> None:
    """Record every case of a suite (``record.py [CLICK]``): each input is run twice and a
    run whose outputs differ between the two (time-dependent output) is reported and not
    recorded."""
    click = sys.argv[1] if len(sys.argv) > 1 else default_click
    for name, (handlers, inputs) in cases.CASES.items():
        d = cases.EXPECTED / name
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        for pcap in inputs:
            a = _run_click(cases, suite, digest, click, name, pcap, handlers)
            b = _run_click(cases, suite, digest, click, name, pcap, handlers)
            if a != b:
                print(f"{name} {pcap}: output depends on time; not recorded")
                continue
            (d / (pcap[:-5] + ".json")).write_text(json.dumps(a, indent=1) + "\n")
            print(f"{name} {pcap}: status {a['status']}, {len(a['files'])} files")
