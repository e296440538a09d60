"""Golden tests: our own configurations, flattened by clickc, against click-flatten's output.

Every CASE.click under data/ok, data/err and data/lib was written for clickc; CASE.expected
holds what real Click's click-flatten printed for it (exit status, stdout, stderr), recorded by
data/record.sh (``cd tests/frontend/data && click-flatten CASE.click``).  clickc must print the
same bytes.  These tests do not need Click.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import DATA, run_clickc

CASES = sorted(p for d in ("ok", "err", "lib") for p in (DATA / d).glob("*.click")
               if p.with_suffix(".expected").exists())


def _expected(p: Path) -> tuple[int, str, str]:
    text = p.with_suffix(".expected").read_text()
    head, _, rest = text.partition("\n--- stdout\n")
    out, _, err = rest.partition("--- stderr\n")
    return int(head.split()[1]), out, err


@pytest.mark.parametrize("case", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_flatten_matches_click(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DATA)
    monkeypatch.setenv("CLICKPATH", "lib/cp" if case.stem.endswith("_clickpath") else "")
    rel = str(case.relative_to(DATA))
    rc, out, err = run_clickc(["flatten", rel])
    exp_rc, exp_out, exp_err = _expected(case)
    assert (rc != 0, out, err) == (exp_rc != 0, exp_out, exp_err)


def test_every_case_has_a_recording() -> None:
    assert len(CASES) >= 30
    for d in ("ok", "err"):
        for p in (DATA / d).glob("*.click"):
            assert p.with_suffix(".expected").exists(), p
