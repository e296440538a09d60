"""bench/bench_router.py on a small run: figures come from --stats, offered and drops apart."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_router",
                                                  REPO / "bench" / "bench_router.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_router"] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_parse_stats() -> None:
    b = _bench()
    r = b.parse_stats({"threads": [{"packets": 1000, "elapsed_s": 0.001, "cpu_s": 0.0005}],
                       "elements": [{"drops": 3}, {"drops": 4}]})
    assert (r.packets, r.drops) == (1000, 7)
    assert r.mpps == pytest.approx(1.0) and r.ns_per_packet == pytest.approx(1000.0)
    assert r.cpu_ns_per_packet == pytest.approx(500.0)


def test_bench_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    out = tmp_path / "b.json"
    assert _bench().main(["bench/configs/forward.click", "N=20000", "-O0", "-n", "2",
                          "--json", str(out)]) == 0
    res = json.loads(out.read_text())
    assert res["packets_offered"] == [20000] and res["drops"] == [0]
    assert res["median_mpps"] > 0 and len(res["per_run"]) == 2
