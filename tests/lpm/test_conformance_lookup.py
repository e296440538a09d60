"""The `lookup` conformance case (../shared/conformance/lookup): a RadixIPLookup holding the
Internet2 ATLA FIB, compiled by clickc and run on real captures, writes exactly the files and
handler values the original Click wrote (compare mode "exact")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
CASE = SHARED / "conformance" / "lookup"

pytestmark = pytest.mark.skipif(not (CASE / "case.json").exists(),
                                reason="../shared/conformance not present")


@pytest.fixture(scope="module")
def router(tmp_path_factory: pytest.TempPathFactory) -> Path:
    prog = tmp_path_factory.mktemp("lookup") / "router"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", "config.click", "-o", str(prog)],
                       cwd=CASE, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    return prog


def _runs() -> list[dict[str, object]]:
    if not (CASE / "case.json").exists():
        return []
    runs: list[dict[str, object]] = json.loads((CASE / "case.json").read_text())["runs"]
    return runs


@pytest.mark.parametrize("run", _runs(), ids=lambda r: str(r["input"]))
def test_lookup_case(router: Path, tmp_path: Path, run: dict[str, object]) -> None:
    case = json.loads((CASE / "case.json").read_text())
    assert case["compare"] == "exact"
    pcap = SHARED / "pcaps" / str(run["input"])
    args = [str(router), f"IN={pcap}", f"OUT={tmp_path}"]
    for h in case["handlers"]:
        args += ["-h", h]
    r = subprocess.run(args, cwd=tmp_path, capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr
    (tmp_path / "handlers.txt").write_bytes(r.stdout)
    (tmp_path / "stderr.txt").write_bytes(r.stderr)
    expected = CASE / "expected" / pcap.stem
    outputs = run["outputs"]
    assert isinstance(outputs, list)
    for name in outputs:
        assert (tmp_path / name).read_bytes() == (expected / name).read_bytes(), name
