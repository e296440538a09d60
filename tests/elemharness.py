"""The one harness of the suites that compare clickc's routers with Click's recorded runs
(tests/ipelements, moreelements, ip6elements, l2elements, tcpelements, nat, sched): recording
Click's outputs for a suite's cases, and checking that the router clickc compiles reproduces
them.  Each suite folder keeps only its data: a ``cases`` module, its configurations
(configs/) and Click's recordings (expected/).

Record a suite with Click installed (run from the repository root; tests/qos and
tests/examples too, with their own ``cases.record``)::

    CLICK_PREFIX=/path/to/click/install python3 -m tests.elemharness SUITE [CASE...]

Click's userlevel driver is found through tests/oracle.py: ``$CLICK_PREFIX/bin/click``, or for
a suite whose ``ORACLE`` is ``"CLICK6"`` (the IPv6 elements) ``$CLICK6``.  Each input is run
twice and a run whose outputs differ between the two (time-dependent output) is reported and
not recorded.

A suite's ``cases`` module provides:

- ``CASES``: config stem -> (handlers read at exit, runs); a run is an input (a capture in
  ../shared/pcaps (:data:`PCAPS`), the suite's ``CRAFTED`` input or its ``NO_INPUT`` name)
  followed by any ``NAME=VALUE`` parameters, separated by spaces;
- ``CONFIGS`` and ``EXPECTED`` (directories);
- ``digest(path)``: the digest of an output file;
- optionally ``ORACLE`` (the variable of tests/oracle.py naming the Click it was recorded
  with: ``"CLICK_PREFIX"``, the default, ``"CLICK6"`` or ``"FASTCLICK"``), ``CRAFTED`` (an input
  the suite's ``crafted`` module writes with ``write_crafted(path)``), ``NO_INPUT`` (the
  input name of runs without ``IN`` and ``OUT``), ``NO_OUTPUT`` (cases run without ``OUT``),
  ``SANITIZED`` (the cases that also run sanitized; all when absent), ``LAYOUT`` and, for
  the ``"digest"`` layout, ``stderr_lines(text)`` (and ``lines_digest(lines)``, by default
  :func:`lines_sha256`).

Layouts of the recordings (``LAYOUT``; kept as they were recorded):

- ``"digest"`` (default): ``expected/NAME/STEM.json`` with the command, exit status,
  standard output (handler values), the count, digest and first lines of standard error
  (after ``stderr_lines``) and the digest of every output file;
- ``"json"``: the same file with the whole standard error instead of its digest;
- ``"dir"``: ``expected/NAME/STEM/`` with command.txt, stdout.txt, stderr.txt and
  outputs.sha256 (``sha256sum`` lines); the exit status is 0.
"""

from __future__ import annotations

import hashlib
import importlib
import json
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

from tests import oracle
from tests.testlib import PCAPS, SANITIZE, require_c_compiler, sanitizer_env

__all__ = ["GENERATED", "PCAPS", "SANITIZE", "against_click_test",
           "check_against_click", "every_case_recorded_test", "lines_sha256", "output_digest",
           "record", "run_clickc", "runs", "sha256_file", "stem", "unrecorded"]

#: Timestamps from this time on (2026-01-01, Unix seconds) are "now" at recording: packets the
#: router made itself (ICMP errors, ARP replies, SetTimestamp) carry the time of the run, so
#: their timestamps are not compared.
GENERATED = 1767225600

_PCAP_MAGICS = (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d")


def output_digest(path: Path, generated: int = GENERATED, text_headers: bool = False) -> str:
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


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lines_sha256(lines: list[str]) -> str:
    """sha256 of lines joined by newlines (UTF-8, undecodable bytes as they were read)."""
    return hashlib.sha256("\n".join(lines).encode("utf-8", "surrogateescape")).hexdigest()


def stem(run: str) -> str:
    """The name of a run's recording: its input without ``.pcap`` (parameters left out)."""
    return run.split()[0].removesuffix(".pcap")


def _layout(cases: ModuleType) -> str:
    return str(getattr(cases, "LAYOUT", "digest"))


def _expected_path(cases: ModuleType, name: str, run: str) -> Path:
    base = Path(cases.EXPECTED) / name / stem(run)
    return base / "stdout.txt" if _layout(cases) == "dir" else base.with_suffix(".json")


def _recorded(cases: ModuleType, name: str, run: str) -> bool:
    return bool(_expected_path(cases, name, run).exists())


def runs(cases: ModuleType, only_recorded: bool = True) -> list[Any]:
    """pytest parameters (name, run, sanitize) of every recorded case of the suite (of every
    case without ``only_recorded``: a missing recording fails): each run plain and sanitized
    (ids NAME-STEM-plain and NAME-STEM-asan), or, for a suite with ``SANITIZED``, plain
    (NAME-STEM) and, for those cases, sanitized (NAME-STEM-asan)."""
    some = getattr(cases, "SANITIZED", None)
    out = []
    for name, (_, inputs) in cases.CASES.items():
        for run in inputs:
            if only_recorded and not _recorded(cases, name, run):
                continue
            base = f"{name}-{stem(run)}"
            out.append(pytest.param(name, run, False,
                                    id=base if some is not None else base + "-plain"))
            if some is None or name in some:
                out.append(pytest.param(name, run, True, id=base + "-asan"))
    return out


def unrecorded(cases: ModuleType) -> list[tuple[str, str]]:
    """(name, run) of every case and input without an expected file: :func:`runs` skips
    them silently, so a suite asserts this is empty."""
    return [(name, run) for name, (_, inputs) in cases.CASES.items() for run in inputs
            if not _recorded(cases, name, run)]


def _input_path(cases: ModuleType, pcap: str, scratch: Path) -> Path:
    """Where input ``pcap`` is: in ../shared/pcaps, or, for the suite's CRAFTED input, written
    to ``scratch`` by the suite's ``crafted.write_crafted``."""
    if pcap != getattr(cases, "CRAFTED", None):
        return PCAPS / pcap
    crafted = importlib.import_module(cases.__name__.rpartition(".")[0] + ".crafted")
    path = scratch / pcap
    crafted.write_crafted(path)
    return path


def _arguments(cases: ModuleType, name: str, run: str, scratch: Path,
               out: str) -> tuple[list[str], Path | None]:
    """The arguments after the driver (configuration, IN, OUT, parameters, ``-h``s) and the
    input file (None for ``NO_INPUT``)."""
    handlers, _ = cases.CASES[name]
    pcap, *params = run.split()
    args = [str(cases.CONFIGS / f"{name}.click")]
    src: Path | None = None
    if pcap != getattr(cases, "NO_INPUT", None):
        src = _input_path(cases, pcap, scratch)
        args.append(f"IN={src}")
        if name not in getattr(cases, "NO_OUTPUT", ()):
            args.append(f"OUT={out}")
    args += params
    for h in handlers:
        args += ["-h", h]
    return args, src


def run_clickc(cases: ModuleType, name: str, run: str, out: Path,
               extra: list[str]) -> subprocess.CompletedProcess[str]:
    """``clickc run`` with ``extra`` options on case ``name`` and ``run`` (output files in
    ``out``), in ``out``'s parent directory, sanitizers set to fail at their first report."""
    args, _ = _arguments(cases, name, run, out.parent, str(out))
    cmd = [sys.executable, "-m", "clickc", "run", *extra, *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=sanitizer_env(),
                          cwd=out.parent, errors="surrogateescape")


def _lines_digest(cases: ModuleType, lines: list[str]) -> str:
    return str(getattr(cases, "lines_digest", lines_sha256)(lines))


def _files(cases: ModuleType, out: Path) -> dict[str, str]:
    return {f.name: cases.digest(f) for f in sorted(out.iterdir())}


def check_against_click(cases: ModuleType, name: str, run: str, sanitize: bool,
                        tmp: Path, level: str = "-O1") -> None:
    """Build case ``name`` with ``level`` (-O1 unless given; sanitized or not), run it on
    ``run`` and assert that the exit status, handler values, standard error and output files
    equal Click's recording; skips without ../shared/pcaps (for real captures) or a C
    compiler."""
    pcap = run.split()[0]
    if pcap not in (getattr(cases, "CRAFTED", None), getattr(cases, "NO_INPUT", None)) \
            and not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    require_c_compiler()
    out = tmp / "out"
    out.mkdir()
    p = run_clickc(cases, name, run, out, [level] + (SANITIZE if sanitize else []))
    layout = _layout(cases)
    if layout == "dir":
        exp = cases.EXPECTED / name / stem(run)
        assert p.returncode == 0, p.stderr[-3000:]
        assert p.stdout == (exp / "stdout.txt").read_text()
        assert p.stderr == (exp / "stderr.txt").read_text()
        assert _sha256sum_lines(cases, out) == (exp / "outputs.sha256").read_text()
        return
    rec = json.loads(_expected_path(cases, name, run).read_text())
    assert p.returncode == rec["status"], p.stderr[-3000:]
    assert p.stdout == rec["stdout"]
    if layout == "json":
        assert p.stderr == rec["stderr"]
    else:
        err = cases.stderr_lines(p.stderr)
        assert (len(err), _lines_digest(cases, err)) == \
            (rec["stderr_lines"], rec["stderr_sha256"]), (err[:10], rec["stderr_head"])
    assert _files(cases, out) == rec["files"]


def against_click_test(cases: ModuleType, only_recorded: bool = True) -> Callable[..., None]:
    """A suite's ``test_against_click``: every recorded run (:func:`runs`) through
    :func:`check_against_click`."""

    @pytest.mark.parametrize("name,run,sanitize", runs(cases, only_recorded))
    def test_against_click(name: str, run: str, sanitize: bool, tmp_path: Path) -> None:
        """Exit status, handler values, standard error and output files equal Click's."""
        check_against_click(cases, name, run, sanitize, tmp_path)

    return test_against_click


def every_case_recorded_test(cases: ModuleType) -> Callable[[], None]:
    """A suite's ``test_every_case_recorded``: :func:`unrecorded` is empty (a missing
    recording would otherwise be skipped silently)."""

    def test_every_case_recorded() -> None:
        """Every case and input has an expected file."""
        assert unrecorded(cases) == []

    return test_every_case_recorded


def _sha256sum_lines(cases: ModuleType, out: Path) -> str:
    return "".join(f"{d}  {n}\n" for n, d in _files(cases, out).items())


def _suite_name(cases: ModuleType) -> str:
    """The suite's folder under tests/ (its cases module is tests.SUITE.cases)."""
    return cases.__name__.split(".")[-2]


def _run_click(cases: ModuleType, click: str, name: str, run: str) -> dict[str, Any]:
    """One run of Click on one case; returns the record (the layout's fields)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        out.mkdir()
        args, src = _arguments(cases, name, run, Path(tmp), str(out))
        p = subprocess.run([click, *args], capture_output=True, text=True, timeout=600, cwd=tmp,
                           errors="surrogateescape")
        files = _files(cases, out)
    shown = ["click", f"tests/{_suite_name(cases)}/configs/{name}.click"]
    for a in args[1:]:
        if src is not None and a == f"IN={src}":
            a = (f"IN={src.name} (crafted.py)" if src.parent == Path(tmp)
                 else f"IN=../shared/pcaps/{src.name}")
        shown.append("OUT=DIR" if a == f"OUT={out}" else a)
    rec: dict[str, Any] = {"command": " ".join(shown), "status": p.returncode,
                           "stdout": p.stdout}
    if _layout(cases) == "digest":
        err = cases.stderr_lines(p.stderr)
        rec.update(stderr_lines=len(err), stderr_sha256=_lines_digest(cases, err),
                   stderr_head=err[:10])
    else:
        rec["stderr"] = p.stderr
    rec["files"] = files
    return rec


def _write(cases: ModuleType, name: str, run: str, rec: dict[str, Any]) -> None:
    if _layout(cases) != "dir":
        _expected_path(cases, name, run).write_text(json.dumps(rec, indent=1) + "\n")
        return
    d = cases.EXPECTED / name / stem(run)
    d.mkdir(parents=True)
    (d / "command.txt").write_text(rec["command"] + "\n")
    (d / "stdout.txt").write_text(rec["stdout"])
    (d / "stderr.txt").write_text(rec["stderr"])
    (d / "outputs.sha256").write_text("".join(f"{h}  {f}\n" for f, h in rec["files"].items()))


def record(cases: ModuleType, click: str, only: list[str] | None = None) -> None:
    """Record every case of a suite (or those named in ``only``) with Click's userlevel
    driver ``click``, replacing their recordings; each run is made twice and one whose two
    records differ is reported and not recorded."""
    for name, (_, inputs) in cases.CASES.items():
        if only and name not in only:
            continue
        d = cases.EXPECTED / name
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        for run in inputs:
            a = _run_click(cases, click, name, run)
            if a != _run_click(cases, click, name, run):
                print(f"{name} {run}: output depends on time; not recorded")
                continue
            _write(cases, name, run, a)
            print(f"{name} {run}: status {a['status']}, {len(a['files'])} files")


def oracle_click(cases: ModuleType) -> str | None:
    """The Click program a suite records with: ``$CLICK6`` for a suite whose ``ORACLE`` is
    ``"CLICK6"``, ``$FASTCLICK`` for one whose ``ORACLE`` is ``"FASTCLICK"``, else
    ``$CLICK_PREFIX/bin/click`` (tests/oracle.py); None when unset."""
    which = getattr(cases, "ORACLE", oracle.PREFIX_VAR)
    if which == oracle.CLICK6_VAR:
        p = oracle.click6()
    elif which == oracle.FASTCLICK_VAR:
        p = oracle.fastclick()
    else:
        p = oracle.click_tool("click")
    return None if p is None else str(p)


def main(argv: list[str]) -> int:
    """``python3 -m tests.elemharness SUITE [CASE...]``: record a suite (see the module's
    docstring); Click is the suite's oracle (:func:`oracle_click`).  A suite whose runs are
    not single configuration runs (tests/qos: stages; tests/examples: generated
    configurations) records itself with its ``cases.record(click)``."""
    if not argv:
        print(__doc__)
        return 2
    cases = importlib.import_module(f"tests.{argv[0]}.cases")
    click = oracle_click(cases)
    if click is None:
        var = getattr(cases, "ORACLE", oracle.PREFIX_VAR)
        print(f"set {var} to record {argv[0]} (tests/oracle.py)", file=sys.stderr)
        return 2
    own = getattr(cases, "record", None)
    if own is not None:
        own(click)
    else:
        record(cases, click, argv[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
