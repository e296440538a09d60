"""Whole-path replication (issue 23, docs/passes.md "Whole-path replication"): a path fed by
one source is replicated entire behind a flow hash on the IP addresses, so that each packet
stays on one CPU after the split (the receive-side-scaling shape)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .splitlib import CAPTURE, graph_of, run_split

#: The full-table router's shape (bench/bench_fulltable.py) with a two-route table.
ROUTER = """
src :: FromDump($IN, STOP true);
src -> cl :: Classifier(12/0800, -) -> Strip(14) -> chk :: CheckIPHeader
    -> rt :: RadixIPLookup(10.0.0.0/8 0, 0.0.0.0/0 1);
cl[1] -> nonip :: Counter -> Discard;
chk[1] -> badip :: Counter -> Discard;
rt[0] -> ttl0 :: DecIPTTL -> EtherEncap(0x0800, 2:0:0:0:0:1, 2:0:0:0:0:0) -> c0 :: Counter
    -> Discard;
ttl0[1] -> x0 :: Counter -> Discard;
rt[1] -> ttl1 :: DecIPTTL -> EtherEncap(0x0800, 2:0:0:0:0:1, 2:0:0:0:0:1) -> c1 :: Counter
    -> Discard;
ttl1[1] -> x1 :: Counter -> Discard;
"""

#: Costs under the price of a transfer (no stretch split applies) for which a pipeline cut
#: would pay: the whole path is replicated instead (``whole_path=auto``).
COST = "Strip:300,rt:300"
#: This file tests the HashSwitch behind one source; FromDump's shards (one copy of the
#: source per thread) are tests/passes/test_shards.py's.
NO_SHARDS = "0"




def test_whole_path_replicated_behind_the_source(tmp_path: Path) -> None:
    g = graph_of(tmp_path, ROUTER)
    originals = [e.name for e in g.elements() if e.name != "src"]
    notes = run_split(g, 2, cost=COST, shard_sources=NO_SHARDS)
    assert any("replicated the whole path behind src" in n for n in notes), notes
    hs = g.element("cl@split")
    # the IP addresses: 14 bytes of Ethernet header, then the IP header's bytes 12..20
    assert hs.class_name == "HashSwitch" and hs.config == "26, 8"
    assert hs.facts.flow_key == "addresses"
    assert [c.dst for c in g.outputs("src")] == ["cl@split"]
    for n in originals:       # nothing of the path is left shared between the threads
        assert n not in g, n
        assert len(g.facts.replica_groups[n]) == 2
    # a replica's elements take packets only from their own replica (or its entry)
    for c in g.connections():
        a, b = g.element(c.src).facts.replica, g.element(c.dst).facts.replica
        if c.src != "cl@split" and a is not None and b is not None:
            assert a == b, c
    # replica 0 runs inline on the source's thread, replica 1 behind its own queue
    assert [c.src for c in g.inputs("cl@r1")] == ["cl@r1uq"]
    assert {c.src for c in g.inputs("cl@r0")} == {"cl@split"}


def test_whole_path_option_off_and_cheap_paths(tmp_path: Path) -> None:
    g = graph_of(tmp_path, ROUTER)
    run_split(g, 2, cost=COST, whole_path="0", shard_sources=NO_SHARDS)
    assert "cl@split" not in g and "cl" in g
    g = graph_of(tmp_path, ROUTER)
    notes = run_split(g, 2, whole_path="1", shard_sources=NO_SHARDS)  # 20 cycles each: no gain
    assert "cl" in g
    assert any("not replicated whole" in n and "gain under" in n for n in notes), notes
    # a path no other plan parallelizes stays on one thread unless asked (never lose)
    g = graph_of(tmp_path, ROUTER)
    notes = run_split(g, 2, cost="rt:300", shard_sources=NO_SHARDS)
    assert "cl" in g and not any("whole" in n for n in notes), notes
    g = graph_of(tmp_path, ROUTER)
    notes = run_split(g, 2, cost="rt:300", whole_path="1", shard_sources=NO_SHARDS)
    assert "cl@split" in g and "cl" not in g
    g = graph_of(tmp_path, ROUTER)
    run_split(g, 1, cost=COST, shard_sources=NO_SHARDS)
    assert "cl" in g


def test_whole_path_into_a_queue_only_when_asked(tmp_path: Path) -> None:
    text = ("src :: FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader -> c :: Counter "
            "-> q :: Queue -> Discard;")
    g = graph_of(tmp_path, text)
    notes = run_split(g, 2, cost="c:3000", shard_sources=NO_SHARDS)
    assert not any("replicated the whole path" in n for n in notes)
    g = graph_of(tmp_path, text)
    notes = run_split(g, 2, cost="c:3000", whole_path="1", shard_sources=NO_SHARDS)
    assert any("replicated the whole path behind src" in n for n in notes), notes
    assert g.element("Strip@2@split").config == "26, 8"
    assert sorted(c.src for c in g.inputs("q")) == ["c@r0", "c@r1"]


def test_whole_path_refusals(tmp_path: Path) -> None:
    # a printing element cannot be replicated; a second source's merge is outside the path
    g = graph_of(tmp_path, ROUTER.replace("-> nonip :: Counter", "-> nonip :: Print"))
    notes = run_split(g, 2, cost=COST, shard_sources=NO_SHARDS)
    assert "cl@split" not in g
    assert any("not replicated whole: nonip (Print) cannot be in a replica" in n
               for n in notes), notes
    g = graph_of(tmp_path, ROUTER + "InfiniteSource(LIMIT 5) -> x1;")
    notes = run_split(g, 2, cost=COST, shard_sources=NO_SHARDS)
    assert "cl@split" not in g
    assert any("not replicated whole: x1 also takes packets" in n for n in notes), notes


def _stats(tmp_path: Path, name: str, *flags: str) -> dict[str, int]:
    """Build ROUTER with ``flags``, run it on the bundled capture; packets per counter group
    (replicas summed) and into the Discards."""
    cfg = tmp_path / "r.click"
    cfg.write_text(ROUTER)
    prog, st = tmp_path / name, tmp_path / f"{name}.json"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", *flags, str(cfg),
                        f"IN={CAPTURE}", "-o", str(prog)], capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    r = subprocess.run([str(prog), f"--stats={st}"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    out: dict[str, int] = {"discarded": 0, "dropped": 0}
    for e in json.loads(st.read_text())["elements"]:
        base = e["name"].split("@r")[0]
        if e["class"] == "Counter":
            out[base] = out.get(base, 0) + sum(e["in"])
        if e["class"] == "Discard":
            out["discarded"] += sum(e["in"])
        out["dropped"] += int(e.get("drops", 0))
    return out


def test_whole_path_router_runs_and_accounts_for_every_packet(tmp_path: Path) -> None:
    one = _stats(tmp_path, "j1", "-j", "1")
    two = _stats(tmp_path, "j2", "-j", "2", "--pass-option", f"cost={COST}",
                 "--pass-option", "shard_sources=0", "--explain")
    assert one["discarded"] > 0 and one["dropped"] == 0
    assert two == one


def test_multi_queue_source_gets_one_receive_queue_per_replica(tmp_path: Path) -> None:
    # a DPDK port: no HashSwitch, each replica reads its own receive queue (RSS on the port)
    text = ROUTER.replace("FromDump($IN, STOP true)", "FromDPDKDevice(0, BURST 16)")
    g = graph_of(tmp_path, text)
    notes = run_split(g, 2)
    assert any("replicated the whole path behind src with it" in n for n in notes), notes
    assert "src" not in g and "cl@split" not in g
    assert g.element("src@r0").config == "0, 0, N_QUEUES 2, BURST 16"
    assert g.element("src@r1").config == "0, 1, N_QUEUES 2, BURST 16"
    assert [c.dst for c in g.outputs("src@r1")] == ["cl@r1"]
    assert g.facts.replica_groups["src"] == ["src@r0", "src@r1"]
    assert not [e for e in g.elements() if e.class_name in ("Queue", "HashSwitch")]
    # a configuration that chose its queues itself is left alone
    g = graph_of(tmp_path, text.replace("(0, BURST 16)", "(0, 1, N_QUEUES 2)"))
    notes = run_split(g, 2)
    assert "src" in g and not any("whole" in n for n in notes)
    notes = run_split(g, 2, whole_path="1")
    assert "src" in g
    assert any("not one receive queue per replica: src reads queue 1" in n for n in notes)
