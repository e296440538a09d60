"""The conformance cases of ../shared/conformance, run by their own checker (check.py) with
``clickc run``: every run of a case must reproduce what real Click wrote (output files,
handler values, standard error, compared as the case's mode says).

A case whose configuration uses an element class without a C implementation yet is an
expected failure naming those classes, so the suite shows progress; once every class of a
case is implemented the case must pass.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CONFORMANCE = SHARED / "conformance"
PCAPS = SHARED / "pcaps"
CHECK = CONFORMANCE / "check.py"


def _cases() -> list[str]:
    if not CONFORMANCE.is_dir():
        return []
    return sorted(p.parent.name for p in CONFORMANCE.glob("*/case.json"))


def missing_classes(case: str) -> list[str]:
    """Element classes of the case's configuration (flattened, with IN/OUT defined) that have
    no C implementation yet, in declaration order."""
    from clickc.elements import registry
    from clickc.errors import ErrorHandler
    from clickc.frontend import parse_file

    errh = ErrorHandler()
    graph = parse_file(str(CONFORMANCE / case / "config.click"),
                       {"IN": "in.pcap", "OUT": "out"}, errh, set(registry.class_names()),
                       expand_vars=True)
    out: list[str] = []
    for e in graph.elements():
        if registry.c_file(e.class_name) is None and e.class_name not in out:
            out.append(e.class_name)
    return out


def require_runnable(case: str) -> None:
    """Skip the calling test without ../shared/pcaps; mark it an expected failure when the
    case needs element classes without a C implementation (:func:`missing_classes`)."""
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    missing = missing_classes(case)
    if missing:
        pytest.xfail("needs element classes without a C implementation yet: "
                     + ", ".join(missing))


@pytest.mark.parametrize("case", _cases())
def test_case(case: str, tmp_path: Path) -> None:
    """check.py passes every run of the case."""
    require_runnable(case)
    root = tmp_path / "cases"
    root.mkdir()
    (root / case).symlink_to(CONFORMANCE / case)
    wrapper = tmp_path / "clickc"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m clickc "$@"\n')
    wrapper.chmod(0o755)
    p = subprocess.run([sys.executable, str(CHECK), str(wrapper), "public", str(root),
                        str(PCAPS)], capture_output=True, text=True, timeout=3600)
    runs = len(json.loads((CONFORMANCE / case / "case.json").read_text())["runs"])
    m = re.search(r"passed (\d+)/(\d+)", p.stdout)
    assert m is not None, p.stdout + p.stderr
    assert (int(m.group(1)), int(m.group(2))) == (runs, runs), p.stdout
