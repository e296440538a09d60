"""Click's own test/userlevel/iprouter-01.clicktest, run unchanged through clickc.

The configuration and its expected output are read from Click's source tree (``$CLICK_SRC``);
the test is skipped where that tree is absent, and while a class the configuration uses has no
C implementation yet.  The DriverManager at its end waits for InfiniteSource's STOP, then prints
counter0.count + out0.drops + out0.length, which must account for all 600000 packets."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.elements import registry

from tests import oracle

CLICKTEST = "test/userlevel/iprouter-01.clicktest"


def _section(text: str, name: str) -> str:
    m = re.search(r"^%file " + re.escape(name) + r"\n(.*?)(?=^%)", text, re.S | re.M)
    assert m, name
    return m.group(1)


def test_iprouter01(tmp_path: Path) -> None:
    text = oracle.require_click_src(CLICKTEST).read_text()
    config = _section(text, "IPR")
    classes = set(re.findall(r"\b([A-Z][A-Za-z0-9]+)\s*\(", config))
    missing = sorted(c for c in classes if registry.get(c) is not None
                     and registry.c_file(c) is None)
    if missing:
        pytest.skip("no C implementation yet: " + ", ".join(missing))
    expect = re.search(r"^%expect OUTA OUTB\n(.*)\Z", text, re.S | re.M)
    assert expect
    conf = tmp_path / "ipr.click"
    conf.write_text(config)
    r = subprocess.run([sys.executable, "-m", "clickc", "run", str(conf)], capture_output=True,
                       text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout == expect.group(1)
