"""A pull output connected to several pull inputs (Click allows it: only push outputs and pull
inputs are limited to one connection).  The per-port counters (compiler/backend/counters.py)
once shared the output's counter with its first consumer and then incremented the undeclared
array for the second, so the router did not compile (Click's test/tools/lexer-04 has such a
connection)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.testlib import run_config

CONFIG = """\
InfiniteSource(LIMIT 4) -> Queue -> p :: PullNull;
p -> [0] rr :: RoundRobinSched;
p -> [1] rr;
rr -> Unqueue -> c :: Counter -> Discard;
"""


def test_pull_output_feeding_two_inputs(tmp_path: Path) -> None:
    r = run_config(tmp_path, CONFIG, "-h", "c.count", "--stats=" + str(tmp_path / "s.json"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "4"
    stats = {e["name"]: e for e in json.loads((tmp_path / "s.json").read_text())["elements"]}
    # the fanned-out output counts every packet pulled from it, by either consumer
    assert stats["p"]["out"] == [4] and sum(stats["rr"]["in"]) == 4
