"""Per-port packet counters (clickc/backend/counters.py): one counter per connection whose two
ends see the same packets, and ``--stats`` prints what counting both ends printed.

The router below has every kind of connection: push chains into one-input elements, an input
fed by two connections (its count is its own), a Tee, a Classifier output nothing reaches, a
Queue pulled through a pull-side Counter (pull connections, aliased on both sides), and an
Unqueue.  Its expected counts follow from Click's semantics: every input counts the packets
its feeders pushed or it pulled."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.driver import CompileOptions, generate_c, router_model
from clickc.errors import ErrorHandler

CONFIG = """\
s :: InfiniteSource(LIMIT 10, BURST 1, STOP false) -> p :: Paint(1) -> t :: Tee(2);
t[0] -> q :: Queue(100) -> u :: Unqueue -> m :: Null;
t[1] -> m;
m -> c :: Classifier(12/0800, -);
c[0] -> Discard;
c[1] -> d :: Discard;
s2 :: InfiniteSource(LIMIT 7, BURST 2, STOP false) -> q3 :: Queue(100)
   -> cnt :: Counter -> u2 :: Unqueue -> d2 :: Discard;
DriverManager(wait 0.3s, stop)
"""

# (element, in counts, out counts) after the run
EXPECTED = {
    "s": ([], [10]), "p": ([10], [10]), "t": ([10], [10, 10]), "q": ([10], [10]),
    "u": ([10], [10]), "m": ([20], [20]), "c": ([20], [0, 20]), "d": ([20], []),
    "s2": ([], [7]), "q3": ([7], [7]), "cnt": ([7], [7]), "u2": ([7], [7]), "d2": ([7], []),
}


def test_stats_counts(tmp_path: Path) -> None:
    cfg = tmp_path / "c.click"
    cfg.write_text(CONFIG)
    prog = tmp_path / "router"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", str(cfg), "-o", str(prog),
                        "--cflags=-Werror"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    stats = tmp_path / "stats.json"
    r = subprocess.run([str(prog), f"--stats={stats}"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    got = {e["name"]: (e["in"], e["out"]) for e in json.loads(stats.read_text())["elements"]}
    for name, want in EXPECTED.items():
        assert got[name] == want, name


@pytest.mark.parametrize("opt", [0, 2])
def test_one_increment_per_exclusive_connection(tmp_path: Path, opt: int) -> None:
    cfg = tmp_path / "c.click"
    cfg.write_text(CONFIG)
    model = router_model(cfg, CompileOptions(opt=opt), ErrorHandler())
    plan = model.counters
    idx = {e.name: e.index for e in model.elements}
    # m has two feeders: both ends of those connections count; every other connection once
    assert len(plan.on_push(idx["t"], 1)) == 2 and len(plan.on_push(idx["u"], 0)) == 2
    for src, port in [("s", 0), ("p", 0), ("t", 0), ("m", 0), ("c", 1), ("s2", 0)]:
        assert len(plan.on_push(idx[src], port)) == 1, src
    for dst in ("u", "cnt", "u2"):  # pull inputs
        assert len(plan.on_pull(idx[dst], 0)) == 1, dst
    assert idx["p"] not in plan.declare_in and idx["m"] in plan.declare_in
    c_text = generate_c(cfg, CompileOptions(opt=opt), ErrorHandler())
    incs = re.findall(r"e\d+__(?:in|out)_packets\[\d+\](?:\+\+| \+=)", c_text)
    want = sum(len(v) for v in plan.push.values()) + sum(len(v) for v in plan.pull.values())
    assert len(incs) == want
    assert want < 2 * (len(plan.push) + len(plan.pull))
