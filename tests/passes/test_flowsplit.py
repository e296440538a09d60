"""Unit tests of the parallelizing passes' pieces: cost model, flow keys, chains, the
flow-split and pipeline-cut decisions and rewrites (the lit goldens show whole outputs)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clickc.driver import CompileOptions, check, optimize_graph, parse
from clickc.errors import ClickError, ErrorHandler
from clickc.frontend.cmdline import Source
from clickc.ir import FlowSplit, RouterGraph
from clickc.passes.costmodel import (
    MAX_BUCKETS,
    MIN_GAIN,
    TRANSFER_CYCLES,
    best_cut,
    best_split,
    parse_cost_option,
    weighted_split,
)
from clickc.passes.flowkey import flow_key
from clickc.passes.flowsplit import bucket_owners
from clickc.passes.paths import push_chains

PAPER = Path(__file__).parent / "paper"


def _graph(tmp_path: Path, text: str) -> RouterGraph:
    f = tmp_path / "t.click"
    f.write_text(text)
    errh = ErrorHandler()
    return check(parse(Source(path=str(f)), {}, errh), errh).graph


def _options(nthreads: int, passes: list[str], **options: str) -> CompileOptions:
    return CompileOptions(threads=nthreads, passes=tuple(passes),
                          pass_options=tuple(f"{k}={v}" for k, v in options.items()))


def _run(g: RouterGraph, passes: list[str], nthreads: int, **options: str) -> list[str]:
    explain: list[str] = []
    optimize_graph(g, _options(nthreads, passes, **options), ErrorHandler(), explain)
    return explain


# -- cost model ------------------------------------------------------------------------------

def test_cheap_path_is_never_worth_a_cut() -> None:
    # ten elements at the 20-cycle prior: any cut's stages pay half a transfer each
    plan = best_cut(20.0, [20.0] * 10, 4)
    assert plan.bottleneck * MIN_GAIN > 220.0


def test_two_heavy_elements_cut_between_them() -> None:
    plan = best_cut(50.0, [20.0, 3000.0, 20.0, 3000.0, 20.0], 2)
    # stage 1: prefix + 20 + 3000, stage 2: 20 + 3000 + 20; each pays half a transfer
    assert plan.cuts == (2,)
    assert plan.bottleneck == pytest.approx(3070.0 + TRANSFER_CYCLES / 2)


def test_more_threads_more_balanced_stages() -> None:
    costs = [1000.0] * 6
    two, three = best_cut(0.0, costs, 2), best_cut(0.0, costs, 3)
    assert len(two.stages) == 2 and len(three.stages) == 3
    assert three.bottleneck < two.bottleneck


def test_split_needs_an_expensive_element() -> None:
    assert best_split(20.0, [20.0, 30.0], 2, 2) is None
    plan = best_split(20.0, [20.0, 5000.0, 20.0], 2, 2)
    assert plan is not None and (plan.start, plan.end) == (1, 2)
    assert plan.bottleneck < 5060.0 / MIN_GAIN


def test_cost_option_parsing() -> None:
    assert parse_cost_option("a:10, IPsecDES:2.5e3") == {"a": 10.0, "IPsecDES": 2500.0}
    with pytest.raises(ValueError):
        parse_cost_option("a=10")
    with pytest.raises(ValueError):
        parse_cost_option("a:-1")


def test_bad_cost_option_is_an_error(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> Discard;")
    errh = ErrorHandler()
    with pytest.raises(ClickError):
        optimize_graph(g, _options(2, ["pipeline-cut"], cost="x"), errh, [])
    assert "expected KEY:CYCLES" in str(errh.diagnostics[0])


# -- flow keys -------------------------------------------------------------------------------

@pytest.mark.parametrize("path, key", [
    ("Strip(14) -> CheckIPHeader", (16, 4, "dst")),
    ("CheckIPHeader(14)", (30, 4, "dst")),
    ("Strip(14) -> CheckIPHeader -> Unstrip(14)", (30, 4, "dst")),
    ("Strip(14) -> CheckIPHeader -> EtherEncap(0x0800, 1:2:3:4:5:6, 1:2:3:4:5:7)",
     (30, 4, "dst")),
    ("Strip(14) -> CheckIPHeader -> CheckUDPHeader", (12, 12, "5-tuple")),
    ("Strip(14) -> CheckIPHeader -> IPClassifier(udp or tcp) ", (12, 12, "5-tuple")),
    ("Strip(14) -> CheckIPHeader -> IPClassifier(icmp)", (16, 4, "dst")),
])
def test_flow_key(tmp_path: Path, path: str, key: tuple[int, int, str]) -> None:
    g = _graph(tmp_path, f"FromDump(/dev/null) -> {path} -> x :: Counter -> Discard;")
    k = flow_key(g, g.inputs("x")[0])
    assert k is not None and (k.offset, k.length, k.what) == key


def test_flow_key_unknown(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null) -> x :: Counter -> Discard;")
    assert flow_key(g, g.inputs("x")[0]) is None   # nothing says where IP starts
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> "
                         "IPsecDES(1) -> x :: Counter -> Discard;")
    assert flow_key(g, g.inputs("x")[0]) is None   # the bytes there are ciphertext


@pytest.mark.parametrize("path, offset", [
    ("Strip(14) -> CheckIPHeader -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> IPsecDES(1)", 0),
    ("Strip(14) -> CheckIPHeader -> IPsecESPEncap -> IPsecDES(1) -> Unstrip(4)", 4),
    ("Strip(14) -> CheckIPHeader -> IPClassifier(ip proto 50) -> StripIPHeader "
     "-> IPsecDES(0)", 0),
])
def test_flow_key_spi(tmp_path: Path, path: str, offset: int) -> None:
    g = _graph(tmp_path, f"FromDump(/dev/null) -> {path} -> x :: Counter -> Discard;")
    k = flow_key(g, g.inputs("x")[0])
    assert k is not None and (k.offset, k.length, k.what) == (offset, 4, "spi")


def test_flow_key_through_a_merge_and_esp_after_strip(tmp_path: Path) -> None:
    # two inputs into a route table agree on where IP is; after Strip(20) the packets a cipher
    # reads are ESP, so with esp=True the key is the SPI at the front
    g = _graph(tmp_path, "rt :: StaticIPLookup(0/0 0) -> Strip(20) -> x :: IPsecDES(0) "
                         "-> Discard;"
                         "a :: FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> rt;"
                         "b :: FromDump(/dev/null) -> CheckIPHeader(14) -> Strip(14) -> rt;")
    c = g.inputs("x")[0]
    assert flow_key(g, c) is None                 # the IP header was stripped
    k = flow_key(g, c, esp=True)
    assert k is not None and (k.offset, k.length, k.what) == (0, 4, "spi")
    d = g.outputs("rt")[0]
    k = flow_key(g, d)
    assert k is not None and (k.offset, k.length, k.what) == (16, 4, "dst")


def test_flow_key_merge_disagreement(tmp_path: Path) -> None:
    g = _graph(tmp_path, "m :: Counter -> x :: Counter -> Discard;"
                         "a :: FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> m;"
                         "b :: FromDump(/dev/null) -> CheckIPHeader(14) -> m;")
    assert flow_key(g, g.inputs("x")[0]) is None   # IP at 0 on one input, at 14 on the other


# -- chains ----------------------------------------------------------------------------------

def test_chains_stop_at_queues_merges_and_schedulable(tmp_path: Path) -> None:
    g = _graph(tmp_path, "src :: FromDump(/dev/null) -> a :: Strip(14) -> b :: CheckIPHeader "
                         "-> q :: Queue -> u :: Unqueue -> c :: Counter -> m :: Counter "
                         "-> Discard; Idle -> m;")
    from clickc.elements import registry
    chains = {c.elements: c for c in push_chains(g, registry)}
    assert set(chains) == {("a", "b"), ("c",)}
    assert chains[("a", "b")].prefix == ("src",)
    assert chains[("c",)].prefix == ("u",)
    assert chains[("c",)].tail.dst == "m"


# -- the passes on small routers -------------------------------------------------------------

def test_split_records_replica_groups_and_marks(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader "
                         "-> c :: Counter -> enc :: SetIPDSCP(3) -> q :: Queue "
                         "-> ToDump(/dev/null);")
    # a front of 60 cycles (FromDump priced at 20, not its measured prior): even buckets
    _run(g, ["flow-split"], 3, cost="c:3000,enc:3000,FromDump:20", split_replicas="3")
    assert g.facts.replica_groups == {"c": ["c@r0", "c@r1", "c@r2"],
                                      "enc": ["enc@r0", "enc@r1", "enc@r2"]}
    assert "c" not in g
    e = g.element("enc@r2")
    assert e.facts.replica_of == "enc" and e.facts.inserted_by == "flow-split"
    assert g.element("c@split").class_name == "HashSwitch"
    # replicas 1 and 2 sit behind their own Queue and Unqueue, replica 0 (three replicas on
    # three threads: it shares the front's) takes the HashSwitch's output directly (Fig. 3);
    # all merge into q
    assert [c.src for c in g.inputs("c@r0")] == ["c@split"]
    assert "c@r0q" not in g and "c@r0uq" not in g
    for k in (1, 2):
        assert [c.src for c in g.inputs(f"c@r{k}")] == [f"c@r{k}uq"]
    for k in range(3):
        assert g.outputs(f"enc@r{k}")[0].dst == "q"


def test_split_inline_option_and_spare_thread(tmp_path: Path) -> None:
    text = ("FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> c :: Counter "
            "-> enc :: SetIPDSCP(3) -> q :: Queue -> ToDump(/dev/null);")
    g = _graph(tmp_path, text)
    _run(g, ["flow-split"], 2, cost="c:6000", split_inline="0")
    assert [c.src for c in g.inputs("c@r0")] == ["c@r0uq"]
    assert [c.src for c in g.inputs("c@r1")] == ["c@r1uq"]
    # two replicas on three threads: the front can have a thread of its own, all queued
    g = _graph(tmp_path, text)
    _run(g, ["flow-split"], 3, cost="c:6000", split_replicas="2")
    assert [c.src for c in g.inputs("c@r0")] == ["c@r0uq"]
    # the default at -j 2: replica 0 inline
    g = _graph(tmp_path, text)
    _run(g, ["flow-split"], 2, cost="c:6000")
    assert [c.src for c in g.inputs("c@r0")] == ["c@split"]


def test_script_references_do_not_block_a_split(tmp_path: Path) -> None:
    # Script's handler calls go through the handler table, which knows replica groups
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader "
                         "-> enc :: SetIPDSCP(3) -> q :: Queue -> ToDump(/dev/null);"
                         "Script(write enc.dscp 4);")
    _run(g, ["flow-split"], 2, cost="enc:5000")
    assert "enc" not in g and "enc@r1" in g


def test_split_refuses_element_named_elsewhere(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null, END_CALL enc.dscp 4) -> Strip(14) "
                         "-> CheckIPHeader -> enc :: SetIPDSCP(3) -> q :: Queue "
                         "-> ToDump(/dev/null);")
    notes = _run(g, ["flow-split"], 2, cost="enc:5000")
    assert "enc" in g
    assert any("enc is named in another element's configuration" in n for n in notes)


def test_split_refuses_printing_element(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader "
                         "-> a :: SetIPDSCP(3) -> p :: IPPrint -> b :: SetIPDSCP(4) "
                         "-> q :: Queue -> ToDump(/dev/null);")
    # four threads: a split (bottleneck ~ a quarter of the work) beats any cut (~ one of a, b)
    notes = _run(g, ["flow-split"], 4, cost="a:5000,b:5000", split_replicas="4")
    assert "p" in g
    assert any("p (IPPrint) prints: replicas would interleave" in n for n in notes), notes


def test_priority_split_refuses_queue_fed_from_outside(tmp_path: Path) -> None:
    # 'lo' also takes packets from a second source: splitting by hash in front of the
    # classifier would not cover them
    text = (PAPER / "fig10.click").read_text() + "FromDevice(eth2) -> lo;\n"
    g = _graph(tmp_path, text)
    notes = _run(g, ["flow-split"], 2, cost="auth:1500,encrypt:3000")
    assert "ps" in g and "ipc" in g
    assert any("not split" in n for n in notes), notes


def test_priority_region_is_the_whole_subgraph(tmp_path: Path) -> None:
    g = _graph(tmp_path, (PAPER / "fig10.click").read_text())
    _run(g, ["flow-split"], 4, cost="auth:1500,encrypt:3000", split_replicas="3")
    groups = g.facts.replica_groups
    for n in ("ipc", "hi", "med", "lo", "ps", "uq", "cp", "auth", "encrypt", "tunnel"):
        assert len(groups[n]) == 3, n
    assert "src" in g and "out" in g     # the front and the merge stay single
    # each replica's scheduler is fed by that replica's own three queues
    for k in range(3):
        assert sorted(c.src for c in g.inputs(f"ps@r{k}")) == sorted(
            f"{q}@r{k}" for q in ("hi", "med", "lo"))


def test_hand_split_paths_are_not_split_again(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader "
                         "-> hs :: HashSwitch(16, 4);"
                         "hs[0] -> Queue -> Unqueue -> a :: SetIPDSCP(1) -> q :: Queue "
                         "-> ToDump(/dev/null);"
                         "hs[1] -> Queue -> Unqueue -> b :: SetIPDSCP(1) -> q;")
    notes = _run(g, ["flow-split"], 4, cost="a:5000,b:5000")
    assert "a" in g and "b" in g
    assert any("already splits this path (hs in front of its queue)" in n for n in notes)


def test_cut_never_inside_replicas(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader "
                         "-> a :: SetIPDSCP(1) -> b :: SetIPDSCP(2) -> q :: Queue "
                         "-> ToDump(/dev/null);")
    _run(g, ["flow-split", "pipeline-cut"], 2, cost="a:5000", split_replicas="2")
    assert not any(e.facts.inserted_by == "pipeline-cut" for e in g.elements())


# -- weighted splits -------------------------------------------------------------------------

def test_weighted_split_gives_the_front_thread_fewer_buckets() -> None:
    # a front of 1000 cycles beside a replica of 3000: the even split loads the front's
    # thread with 1000 + 1500 (+ half a transfer for the other half's packets)
    weights, b = weighted_split(1000.0, 3000.0, 3170.0, 2)
    assert weights[0] < weights[1] and sum(weights) <= MAX_BUCKETS
    even = max(1000.0 + 1500.0 + TRANSFER_CYCLES / 4, 3170.0 / 2)
    assert b < even / 1.1
    s0 = weights[0] / sum(weights)
    # the bottleneck is the larger of the two threads' loads under those shares
    assert b == pytest.approx(max(1000.0 + s0 * 3000.0 + (1 - s0) * TRANSFER_CYCLES / 2,
                                  (1 - s0) * 3170.0))


def test_small_front_keeps_the_even_split() -> None:
    # nothing to balance: one bucket per replica
    plan = best_split(0.0, [20.0, 5000.0], 2, 2)
    assert plan is not None and plan.weights == () and plan.shares() == (0.5, 0.5)


def test_weights_only_when_the_front_shares_a_thread() -> None:
    costs = [300.0, 300.0, 300.0, 5000.0]
    assert best_split(300.0, costs, 2, 2).weights != ()          # type: ignore[union-attr]
    assert best_split(300.0, costs, 2, 3).weights == ()          # type: ignore[union-attr]
    assert best_split(300.0, costs, 2, 2, weighted=False).weights == ()  # type: ignore


def test_bucket_owners_interleave() -> None:
    assert bucket_owners((1, 1)) == [0, 1]
    assert bucket_owners((1, 2)) == [1, 0, 1]
    owners = bucket_owners((5, 7))
    assert owners.count(0) == 5 and owners.count(1) == 7


_WEIGHTED = ("src :: FromDump(/dev/null) -> Strip(14) -> CheckIPHeader -> GetIPAddress(16) "
             "-> rt :: RadixIPLookup(0.0.0.0/0 0) -> enc :: Counter -> c :: Counter "
             "-> Discard;")
_WEIGHTED_COST = "enc:3000,rt:500,CheckIPHeader:250,GetIPAddress:250"


def test_weighted_split_rewrite(tmp_path: Path) -> None:
    g = _graph(tmp_path, _WEIGHTED)
    notes = _run(g, ["flow-split"], 2, cost=_WEIGHTED_COST, whole_path="0")
    hs = g.element("rt@split")
    assert hs.facts.weights is not None
    weights = tuple(hs.facts.weights)
    assert len(weights) == 2 and weights[0] < weights[1], notes
    assert any(f"weighted {weights[0]}:{weights[1]}" in n for n in notes), notes
    # K outputs, each into the queue of the replica that owns the bucket
    outs = sorted(g.outputs("rt@split"), key=lambda c: c.sport)
    assert [c.sport for c in outs] == list(range(sum(weights)))
    assert [c.dst for c in outs] == ["rt@r0" if k == 0 else f"rt@r{k}q"
                                     for k in bucket_owners(weights)]
    assert g.element("enc@r0").facts.share == pytest.approx(weights[0] / sum(weights))
    assert g.facts.flow_splits == [FlowSplit(switch="rt@split", replicas=2,
                                             weights=list(weights), elements=["rt", "enc"])]


def test_weighted_split_front_placed_with_the_light_replica(tmp_path: Path) -> None:
    g = _graph(tmp_path, _WEIGHTED)
    _run(g, ["flow-split", "placement"], 2, cost=_WEIGHTED_COST, whole_path="0")
    front = g.element("src").facts.thread
    assert g.element("rt@r0").facts.exec_threads == [front]
    assert g.element("rt@r1uq").facts.thread != front


def test_whole_path_instead_of_a_stretch_with_a_shared_tail(tmp_path: Path) -> None:
    """By default (whole_path=auto) a path fed by one source that ends in sinks is replicated
    whole where a stretch split would be made: the stretch's tail (enc, c, Discard) would run on
    both threads with shared counters; replicated, no element runs on two threads (issue 23,
    docs/passes.md "Whole-path replication")."""
    g = _graph(tmp_path, _WEIGHTED)
    notes = _run(g, ["flow-split", "placement"], 2, cost=_WEIGHTED_COST)
    assert any("replicated the whole path behind src" in n for n in notes), notes
    assert "rt@split" not in g
    shared = [e.name for e in g.elements()
              if len(e.facts.exec_threads or ()) > 1 and e.class_name != "Queue"]
    assert shared == [], shared     # (the replica's Queue joins the two threads)


def test_split_weights_option(tmp_path: Path) -> None:
    g = _graph(tmp_path, _WEIGHTED)
    _run(g, ["flow-split"], 2, cost=_WEIGHTED_COST, split_weights="1:1", whole_path="0")
    assert g.element("rt@split").facts.weights == [1, 1]
    assert len(g.outputs("rt@split")) == 2
    g = _graph(tmp_path, _WEIGHTED)
    _run(g, ["flow-split"], 3, cost=_WEIGHTED_COST, split_weights="1:2:2", whole_path="0")
    assert len(g.facts.replica_groups["enc"]) == 3
    assert len(g.outputs("rt@split")) == 5
    g = _graph(tmp_path, _WEIGHTED)
    options = _options(2, ["flow-split"], cost=_WEIGHTED_COST, split_weights="3",
                       whole_path="0")
    errh = ErrorHandler()
    with pytest.raises(ClickError):
        optimize_graph(g, options, errh, [])
    assert "split_weights=3: expected W0:W1" in str(errh.diagnostics[0])


def test_spi_key_is_split_evenly(tmp_path: Path) -> None:
    # one flow per security association: the buckets' shares would not be the packets'
    g = _graph(tmp_path, "src :: InfiniteSource(LIMIT 1) -> Strip(14) -> CheckIPHeader "
                         "-> GetIPAddress(16) -> rt :: RadixIPsecLookup(10.0.0.0/8 1.2.3.4 1 "
                         "4097 ThisIsTheDESkey0 AndThisAuthKey01 1 64, 0.0.0.0/0 0);"
                         "rt[0] -> Discard; rt[1] -> IPsecESPEncap -> a :: IPsecAuthHMACSHA1(0) "
                         "-> IPsecDES(1) -> Discard;")
    notes = _run(g, ["flow-split"], 2, cost="CheckIPHeader:250,GetIPAddress:250,rt:300",
                 split_order="0")
    assert g.element("a@split").facts.weights == [1, 1], notes
    assert "spi" in str(g.element("a@split").facts.flow_key)


_ONE_SA = ("src :: InfiniteSource(LIMIT 1) -> Strip(14) -> CheckIPHeader "
           "-> GetIPAddress(16) -> rt :: RadixIPsecLookup(10.0.0.0/8 1.2.3.4 1 "
           "4097 ThisIsTheDESkey0 AndThisAuthKey01 1 64, 0.0.0.0/0 0);"
           "rt[0] -> Discard; rt[1] -> IPsecESPEncap -> a :: IPsecAuthHMACSHA1(0) "
           "-> d :: IPsecDES(1) -> e :: IPsecEncap(50) -> Discard;")


def test_spi_keyed_ciphers_are_split_in_order(tmp_path: Path) -> None:
    # one flow per SA: the per-packet ciphers are spread by OrderSplit and merged in order
    # before IPsecEncap (whose IP IDs would otherwise follow the replicas' interleaving)
    g = _graph(tmp_path, _ONE_SA)
    notes = _run(g, ["flow-split"], 2)
    spl = g.element("a@split")
    assert spl.class_name == "OrderSplit", notes
    assert spl.config == "0, CAPACITY 4096, INLINE true, BACKLOG 64"
    assert any("in order" in n and "SPI" in n for n in notes), notes
    merge, muq = g.element("a@order"), g.element("a@orderuq")
    assert merge.class_name == "OrderMerge" and muq.class_name == "Unqueue"
    assert [(c.src, c.sport) for c in g.inputs("a@order")] == [("d@r0", 0), ("d@r1", 0)]
    assert [c.dst for c in g.outputs("a@orderuq", 0)] == ["e"]
    # replica 0 inline (split -> OrderEnter), replica 1 behind a queue of the window's size
    assert [c.dst for c in g.outputs("a@split", 0)] == ["a@r0in"]
    assert [c.dst for c in g.outputs("a@split", 1)] == ["a@r1q"]
    assert g.element("a@r1q").config == "4096"
    assert [c.dst for c in g.outputs("a@r1uq", 0)] == ["a@r1in"]
    assert g.element("a@r1in").config == "0, 1"
    assert g.facts.replica_groups["a"] == ["a@r0", "a@r1"]
    assert g.facts.flow_splits[0].ordered is True


def test_ordered_split_options(tmp_path: Path) -> None:
    g = _graph(tmp_path, _ONE_SA)
    _run(g, ["flow-split"], 2, split_inline="0", split_backlog="8", split_capacity="512")
    assert g.element("a@split").config == "0, CAPACITY 512"
    assert [c.dst for c in g.outputs("a@split", 0)] == ["a@r0q"]
    g = _graph(tmp_path, _ONE_SA)
    _run(g, ["flow-split"], 2, split_backlog="8")
    assert g.element("a@split").config.endswith("BACKLOG 8")


def test_ordered_split_only_over_per_packet_elements(tmp_path: Path) -> None:
    # a Counter among the ciphers: its rate handlers see the stream; not a per-packet class,
    # so the SPI hash split is used
    g = _graph(tmp_path, _ONE_SA.replace("-> d :: IPsecDES(1)",
                                         "-> d :: IPsecDES(1) -> Counter -> d2 :: IPsecDES(1)"))
    notes = _run(g, ["flow-split"], 2, cost="IPsecDES:3000,Counter:3000")
    assert g.element("a@split").class_name == "HashSwitch", notes


def test_ordered_split_forced_on_a_five_tuple_path(tmp_path: Path) -> None:
    text = ("src :: InfiniteSource(LIMIT 1) -> Strip(14) -> c :: CheckIPHeader "
            "-> x :: SetIPChecksum -> Discard;")
    g = _graph(tmp_path, text)
    _run(g, ["flow-split"], 2, cost="SetIPChecksum:5000", whole_path="0")
    assert g.element("x@split").class_name == "HashSwitch"
    g = _graph(tmp_path, text)
    _run(g, ["flow-split"], 2, cost="SetIPChecksum:5000", split_order="1", whole_path="0")
    assert g.element("x@split").class_name == "OrderSplit"


def test_chain_whose_prefix_an_earlier_split_removed_is_skipped(tmp_path: Path) -> None:
    """With this -j 2 profile of the dual-path router (Scenario I, 1452 bytes), the first split
    rewrites part of a later chain's prefix (the forwarding path's `fwd`, `ttl`): the later chain
    is skipped instead of weighing the cost of elements no longer in the graph (KeyError
    'fwd', reported as an internal error, before)."""
    import subprocess
    import sys

    data = Path(__file__).resolve().parent / "data"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", "-j", "2",
                        str(data / "dualpath_I1452.click"), "PLAIN=99", "VPN=1",
                        f"--profile-use={data / 'dualpath_I.prof'}", "--emit", "c",
                        "-o", str(tmp_path / "r.c")],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "internal error" not in r.stderr
    assert "HashSwitch" in (tmp_path / "r.c").read_text()


# -- replica 0 inline or queued, from a profile (flowsplit.profiled_inline) -------------------

def _profile_ctx(front: float, r0: float, r1: float, packets: int = 1000) -> object:
    """A context whose profile holds a front element and two replicas of region ``a``
    (``a@r0``, ``a@r1``), with the given work in cycles (1000 packets into each)."""
    from types import SimpleNamespace

    from clickc.passes.profile import ElementRecord

    def rec(work: float) -> ElementRecord:
        return ElementRecord("X", [packets], [packets], calls=packets, cycles=int(work),
                             sampled_packets=packets)

    prof = SimpleNamespace(elements={"front": rec(front), "a@r0": rec(r0), "a@r1": rec(r1)})
    return SimpleNamespace(profile=prof, nthreads=2)


def test_profile_queues_a_skewed_inline_replica() -> None:
    from clickc.passes.flowsplit import profiled_inline

    # one SA: all of the region's work in replica 0, the front still the larger share
    inline, why = profiled_inline(_profile_ctx(6e6, 3.7e6, 0), ["a"], 2)
    assert inline is False and "every replica queued" in why, why


def test_profile_keeps_inline_when_the_replica_would_fall_behind() -> None:
    from clickc.passes.flowsplit import profiled_inline

    # the replica's thread would be slower than the front feeding it: its queue would grow
    inline, why = profiled_inline(_profile_ctx(3.7e6, 6e6, 0), ["a"], 2)
    assert inline is True and "queue would grow" in why, why


def test_profile_keeps_inline_for_a_small_gain() -> None:
    from clickc.passes.flowsplit import profiled_inline

    # an even hash: replica 1 already has its own thread; queueing replica 0 gains nothing
    inline, why = profiled_inline(_profile_ctx(1e6, 3e6, 3e6), ["a"], 2)
    assert inline is True and "stays inline" in why, why


def test_profile_without_the_replicas_changes_nothing() -> None:
    from types import SimpleNamespace

    from clickc.passes.flowsplit import profiled_inline

    ctx = SimpleNamespace(profile=SimpleNamespace(elements={}), nthreads=2)
    assert profiled_inline(ctx, ["a"], 2) is None
    assert profiled_inline(SimpleNamespace(profile=None, nthreads=2), ["a"], 2) is None


def test_ordered_split_on_three_threads(tmp_path: Path) -> None:
    # three replicas, replica 0 inline; placement gives the two queued replicas the two
    # threads the front does not run, and the merge's Unqueue the front's thread
    g = _graph(tmp_path, _ONE_SA)
    notes = _run(g, ["flow-split", "placement"], 3, split_replicas="3")
    spl = g.element("a@split")
    assert spl.class_name == "OrderSplit" and spl.config.endswith("INLINE true, BACKLOG 64")
    assert len(g.outputs("a@split")) == 3
    assert [c.src for c in g.inputs("a@order")] == ["d@r0", "d@r1", "d@r2"]
    front = g.element("src").facts.thread
    threads = {g.element(f"a@r{k}uq").facts.thread for k in (1, 2)}
    assert threads == {0, 1, 2} - {front}, notes
    assert g.element("a@orderuq").facts.thread == front, notes
