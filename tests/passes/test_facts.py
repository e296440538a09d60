"""Typed facts between passes (clickc.ir.ElementFacts / RouterFacts): no string-keyed slot
is left, copies made for flow-split's replicas are independent of their original, and the
passes fill the typed records."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from clickc.driver import CompileOptions, optimize_graph
from clickc.errors import ErrorHandler
from clickc.ir import BatchRegion, Element, ElementFacts, FlowSplit, RouterFacts, RouterGraph

from tests.passes.test_flowsplit import _graph


def test_no_free_form_slot_is_left() -> None:
    assert not hasattr(Element("a", "Idle"), "attrs")
    assert not hasattr(RouterGraph(), "attrs")
    assert isinstance(RouterGraph().facts, RouterFacts)
    names = {f.name for f in dataclasses.fields(ElementFacts)}
    assert {"thread", "exec_threads", "ring", "producers", "replica_of", "replica",
            "inserted_by", "c_code", "args_given", "share"} <= names


def test_copy_is_deep() -> None:
    a = ElementFacts(args_given={"X"}, exec_threads=[0, 1], weights=[1, 2], c_code="c")
    b = a.copy()
    assert b == a
    assert b.args_given is not None and b.exec_threads is not None and b.weights is not None
    b.args_given.add("Y")
    b.exec_threads.append(2)
    b.weights.append(3)
    assert a.args_given == {"X"} and a.exec_threads == [0, 1] and a.weights == [1, 2]


def test_replicas_copy_their_originals_facts(tmp_path: Path) -> None:
    g = _graph(tmp_path, "FromDump(/dev/null) -> Strip(14) -> CheckIPHeader "
                         "-> c :: Counter -> enc :: SetIPDSCP(3) -> q :: Queue "
                         "-> ToDump(/dev/null);")
    g.element("enc").facts.c_code = "/* enc's own C */\n"
    opts = CompileOptions(threads=2, passes=("flow-split", "placement"),
                          pass_options=("cost=enc:6000", "split_replicas=2"))
    optimize_graph(g, opts, ErrorHandler(), [])
    r0, r1 = g.element("enc@r0").facts, g.element("enc@r1").facts
    assert (r0.replica_of, r0.replica, r1.replica) == ("enc", 0, 1)
    assert r0.c_code == r1.c_code == "/* enc's own C */\n"
    assert r0.inserted_by == r1.inserted_by == "flow-split"
    assert r0.args_given is not r1.args_given or r0.args_given is None
    assert r0.exec_threads is not None and r0.exec_threads is not r1.exec_threads
    assert g.facts.passes_run == ["flow-split", "placement"]
    assert g.facts.nthreads == 2 and g.facts.fingerprint
    (split,) = g.facts.flow_splits
    assert isinstance(split, FlowSplit) and split.switch == "enc@split" and split.replicas == 2
    assert g.facts.replica_groups["enc"] == ["enc@r0", "enc@r1"]


def test_batch_regions_are_records(tmp_path: Path) -> None:
    g = _graph(tmp_path, "src :: InfiniteSource(LIMIT 5) -> p :: Paint(1) -> Discard;")
    optimize_graph(g, CompileOptions(opt=1, batch=8, passes=("placement", "batch")),
                   ErrorHandler(), [])
    (r,) = g.facts.batch_regions
    assert isinstance(r, BatchRegion)
    assert (r.producer, r.port, r.size, r.burst, r.members[0]) == ("src", 0, 8, True, "p")
    assert g.element("p").facts.batch_member == "src"
