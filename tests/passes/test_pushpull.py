"""Push/pull inference and port checks on hand-built graphs (no front end needed).

Each graph mirrors the structure of a configuration in tests/passes/configs/, whose messages were
recorded from Click's checker (`click-check -u NAME.click`, see NAME.expected); the wording here
is Click's, the line numbers are those the graph is built with.
"""

from __future__ import annotations

import pytest
from clickc.elements.spec import flow
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Element, RouterGraph
from clickc.passes import pushpull


class G:
    """A small builder: ``g.e("q", "Queue", 2)`` declares at line 2, ``g.c("a", 0, "b", 0, 3)``
    connects at line 3."""

    def __init__(self, file: str = "t.click") -> None:
        self.file = file
        self.g = RouterGraph()

    def e(self, name: str, cls: str, line: int, config: str = "") -> G:
        self.g.add_element(Element(name, cls, config, Landmark(self.file, line)))
        return self

    def c(self, a: str, ap: int, b: str, bp: int, line: int) -> G:
        self.g.connect(a, ap, b, bp, Landmark(self.file, line))
        return self

    def run(self, driver: bool = False) -> list[str]:
        errh = ErrorHandler()
        pushpull.infer(self.g, errh, driver=driver)
        return [str(d) for d in errh.diagnostics]


def test_push_to_pull() -> None:
    # configs/push_to_pull.click
    g = G("push_to_pull.click").e("src", "TimedSource", 2).e("sh", "Shaper", 3)
    g.e("TimedSink@3", "TimedSink", 4).c("src", 0, "sh", 0, 4).c("sh", 0, "TimedSink@3", 0, 4)
    assert g.run() == [
        "push_to_pull.click:4: 'src' push output 0 connected to 'sh' pull input 0"]


def test_agnostic_in_mixed_context() -> None:
    # configs/agnostic_mixed.click
    g = G("agnostic_mixed.click").e("TimedSource@1", "TimedSource", 2).e("q", "Queue", 2)
    g.e("c", "Counter", 3).e("t", "Tee", 4).e("Discard@5", "Discard", 5)
    g.c("TimedSource@1", 0, "q", 0, 2).c("q", 0, "c", 0, 3).c("c", 0, "t", 0, 4)
    g.c("t", 0, "Discard@5", 0, 5)
    assert g.run() == [
        "agnostic_mixed.click:3: agnostic 'c' in mixed context: pull input 0, push output 0"]


def test_errors_in_clicks_order() -> None:
    # configs/mixed_many.click: connection errors in configuration order, fake connections
    # (agnostic elements) after the real ones, then port counts element by element
    g = G("mixed_many.click").e("s", "TimedSource", 2).e("q", "Queue", 3).e("c", "Counter", 3)
    g.e("t", "Tee", 3, "2").e("Discard@5", "Discard", 4).e("Shaper@6", "Shaper", 5, "5")
    g.e("Discard@7", "Discard", 5).e("TimedSource@8", "TimedSource", 6)
    g.e("Discard@9", "Discard", 6).e("x", "Paint", 7, "1")
    g.c("s", 0, "q", 0, 3).c("q", 0, "c", 0, 3).c("c", 0, "t", 0, 3).c("t", 0, "Discard@5", 0, 4)
    g.c("t", 1, "Shaper@6", 0, 5).c("Shaper@6", 0, "Discard@7", 0, 5)
    g.c("TimedSource@8", 0, "Discard@9", 0, 6).c("q", 0, "x", 0, 8)
    assert g.run() == [
        "mixed_many.click:5: 't' push output 1 connected to 'Shaper@6' pull input 0",
        "mixed_many.click:3: agnostic 'c' in mixed context: pull input 0, push output 0",
        "mixed_many.click:7: too few outputs for 'x', 1 required",
    ]


def test_illegal_reuse_of_push_output_and_pull_input() -> None:
    g = G().e("s", "TimedSource", 2).e("d1", "Discard", 3).e("d2", "Discard", 4)
    g.c("s", 0, "d1", 0, 3).c("s", 0, "d2", 0, 4)
    assert g.run() == ["t.click:4: illegal reuse of 's' push output 0",
                       "t.click:3: 's' output 0 previously used here"]
    g = G().e("a", "TimedSource", 2).e("q1", "Queue", 2).e("b", "TimedSource", 3)
    g.e("q2", "Queue", 3).e("ts", "TimedSink", 4)
    g.c("a", 0, "q1", 0, 2).c("b", 0, "q2", 0, 3).c("q1", 0, "ts", 0, 5).c("q2", 0, "ts", 0, 6)
    assert g.run() == ["t.click:6: illegal reuse of 'ts' pull input 0",
                       "t.click:5: 'ts' input 0 previously used here"]


def test_push_output_may_fan_in_and_pull_output_may_fan_out() -> None:
    # a push input may take several connections; so may a pull output (Click allows both)
    g = G().e("a", "TimedSource", 1).e("b", "TimedSource", 2).e("d", "Discard", 3)
    g.c("a", 0, "d", 0, 4).c("b", 0, "d", 0, 5)
    assert g.run() == []
    assert g.g.element("d").input_kinds == ["push"]


def _unconnected() -> G:
    """configs/unconnected.click: PrioSched input 1 and Classifier output 1 left unconnected."""
    g = G("unconnected.click").e("s0", "TimedSource", 2).e("q0", "Queue", 2)
    g.e("s2", "TimedSource", 3).e("q2", "Queue", 3).e("ps", "PrioSched", 4)
    g.e("ts", "TimedSink", 6).e("c", "Classifier", 7, "12/0800, 12/0806, -")
    g.e("s3", "TimedSource", 8).e("d0", "Discard", 9).e("d2", "Discard", 10)
    g.c("s0", 0, "q0", 0, 2).c("s2", 0, "q2", 0, 3).c("q0", 0, "ps", 0, 4).c("q2", 0, "ps", 2, 5)
    g.c("ps", 0, "ts", 0, 6).c("s3", 0, "c", 0, 8).c("c", 0, "d0", 0, 9).c("c", 2, "d2", 0, 10)
    return g


def test_unconnected_ports() -> None:
    # configs/unconnected.click
    g = _unconnected()
    assert g.run() == ["unconnected.click:4: 'ps' pull input 1 not connected",
                       "unconnected.click:7: 'c' push output 1 not connected"]


def test_port_counts() -> None:
    # configs/too_few_inputs.click
    g = G("too_few_inputs.click").e("s", "TimedSource", 2).e("a", "ARPQuerier", 2)
    g.e("d", "Discard", 2).c("s", 0, "a", 0, 2).c("a", 0, "d", 0, 2)
    assert g.run() == ["too_few_inputs.click:2: too few inputs for 'a', 2 required"]
    # configs/too_few_outputs.click: "=" output counts follow the input count
    g = G("too_few_outputs.click").e("s1", "TimedSource", 2).e("t", "Tee", 2)
    g.e("s2", "TimedSource", 3).e("s", "Suppressor", 3).e("s3", "TimedSource", 4)
    g.e("d", "Discard", 5)
    g.c("s1", 0, "t", 0, 2).c("s2", 0, "s", 0, 3).c("s3", 0, "s", 1, 4).c("s", 0, "d", 0, 5)
    assert g.run() == [
        "too_few_outputs.click:2: too few outputs for 't', at least 1 required",
        "too_few_outputs.click:3: too few outputs for 's' with 2 inputs, 2 required"]
    # configs/too_many_inputs.click
    g = G("too_many_inputs.click").e("s1", "TimedSource", 3).e("s2", "TimedSource", 4)
    g.e("st", "Strip", 5, "14").e("d", "Discard", 5).e("s3", "TimedSource", 7)
    g.e("k", "KernelTun", 7, "1.0.0.1/8").e("d2", "Discard", 7)
    g.c("s1", 0, "st", 0, 5).c("st", 0, "d", 0, 5).c("s2", 0, "st", 1, 6)
    g.c("s3", 0, "k", 1, 7).c("k", 0, "d2", 0, 7)
    assert g.run() == [
        "too_many_inputs.click:5: too many inputs for 'st', 1 allowed",
        "too_many_inputs.click:6: 'st' input 1 used here",
        "too_many_inputs.click:7: too many inputs for 'k', at most 1 allowed",
        "too_many_inputs.click:7: 'k' input 1 used here",
        "too_many_inputs.click:7: 'k' push input 0 not connected"]
    # configs/too_many_outputs.click
    g = G("too_many_outputs.click").e("s", "TimedSource", 2).e("c", "Counter", 2)
    g.e("d0", "Discard", 3).e("d1", "Discard", 4).e("s2", "TimedSource", 5)
    g.e("chk", "CheckIPHeader", 5).e("e0", "Discard", 6).e("e1", "Discard", 7)
    g.e("e2", "Discard", 8)
    g.c("s", 0, "c", 0, 2).c("c", 0, "d0", 0, 3).c("c", 1, "d1", 0, 4).c("s2", 0, "chk", 0, 5)
    g.c("chk", 0, "e0", 0, 6).c("chk", 1, "e1", 0, 7).c("chk", 2, "e2", 0, 8)
    assert g.run() == [
        "too_many_outputs.click:2: too many outputs for 'c', 1 allowed",
        "too_many_outputs.click:4: 'c' output 1 used here",
        "too_many_outputs.click:5: too many outputs for 'chk', at most 2 allowed",
        "too_many_outputs.click:8: 'chk' output 2 used here"]


def test_agnostic_ports_resolve_and_leftovers_become_push() -> None:
    g = G().e("f", "FromDump", 1, "x").e("c", "Counter", 1).e("q", "Queue", 1)
    g.e("p", "Print", 1, "x").e("u", "Unqueue", 1).e("s", "Strip", 1, "14").e("i", "Idle", 2)
    g.e("n", "Null", 2).e("td", "ToDump", 1, "y")
    g.c("s", 0, "td", 0, 1).c("f", 0, "c", 0, 1).c("c", 0, "q", 0, 1).c("q", 0, "p", 0, 1)
    g.c("p", 0, "u", 0, 1)
    g.c("u", 0, "s", 0, 1).c("i", 0, "n", 0, 2).c("n", 0, "i", 0, 2)
    assert g.run() == []
    el = g.g.element
    assert el("f").output_kinds == ["push"] and el("c").input_kinds == ["push"]
    assert el("q").input_kinds == ["push"] and el("q").output_kinds == ["pull"]
    assert el("p").input_kinds == ["pull"] and el("p").output_kinds == ["pull"]
    assert el("u").input_kinds == ["pull"] and el("s").output_kinds == ["push"]
    # Idle and Null form an all-agnostic cycle: leftovers become push
    assert el("n").input_kinds == ["push"] and el("i").output_kinds == ["push"]


def test_flow_codes_limit_agnostic_propagation() -> None:
    # Suppressor's "#/#": input i reaches only output i, so its two paths resolve separately
    g = G().e("s1", "TimedSource", 1).e("q", "Queue", 2).e("sup", "Suppressor", 3)
    g.e("d", "Discard", 4).e("ts", "TimedSink", 5)
    g.c("s1", 0, "sup", 0, 1).c("sup", 0, "d", 0, 4).c("q", 0, "sup", 1, 2)
    g.c("sup", 1, "ts", 0, 5).c("s1", 0, "q", 0, 1)
    assert "illegal reuse of 's1' push output 0" in g.run()[0]
    assert g.g.element("sup").input_kinds == ["push", "pull"]
    assert g.g.element("sup").output_kinds == ["push", "pull"]


def test_unknown_classes_are_agnostic_without_port_limits() -> None:
    g = G().e("s", "TimedSource", 1).e("x", "NoSuchClass", 2).e("ts", "TimedSink", 3)
    g.e("q", "Queue", 2)
    g.c("s", 0, "q", 0, 1).c("q", 0, "x", 3, 2).c("x", 5, "ts", 0, 3)
    out = g.run()
    assert out == ["t.click:2: 'x' pull input 0 not connected",
                   "t.click:2: 'x' pull input 1 not connected",
                   "t.click:2: 'x' pull input 2 not connected",
                   "t.click:2: 'x' pull output 0 not connected",
                   "t.click:2: 'x' pull output 1 not connected",
                   "t.click:2: 'x' pull output 2 not connected",
                   "t.click:2: 'x' pull output 3 not connected",
                   "t.click:2: 'x' pull output 4 not connected"]


@pytest.mark.parametrize("code,port,size,expected", [
    ("x/x", 0, 3, [True, True, True]),
    ("", 2, 2, [True, True]),
    ("#/#", 1, 3, [False, True, False]),
    ("xy/x", 0, 2, [True, True]),
    ("xy/x", 1, 2, [False, False]),
    ("xy/xxy", 1, 3, [False, False, True]),
    ("x/y", 0, 2, [False, False]),
    ("[xy]/x", 0, 1, [True]),
    ("x/[^x]", 0, 2, [False, False]),
    ("x/[^y]", 0, 2, [True, True]),
    ("[^x]/[^y]", 0, 1, [True]),
])
def test_flow_code_forward(code: str, port: int, size: int, expected: list[bool]) -> None:
    assert flow(code, port, False, size) == expected


def test_flow_code_backward_and_errors() -> None:
    assert flow("xy/x", 0, True, 2) == [True, False]
    assert flow("#/#", 2, True, 3) == [False, False, True]
    with pytest.raises(ValueError):
        flow("x/[x", 0, False, 1)
    with pytest.raises(ValueError):
        flow("x/%", 0, False, 1)


# -- Click's driver (click -q NAME.click in tests/passes/configs; lines are the graphs') --------

def test_driver_words_for_the_same_graphs() -> None:
    # click -q push_to_pull.click: no landmark, 'name :: Class'
    g = G("push_to_pull.click").e("src", "TimedSource", 2).e("sh", "Shaper", 3)
    g.e("TimedSink@3", "TimedSink", 4).c("src", 0, "sh", 0, 4).c("sh", 0, "TimedSink@3", 0, 4)
    assert g.run(driver=True) == [
        "'src :: TimedSource' push output 0 connected to 'sh :: Shaper' pull input 0"]
    # click -q agnostic_mixed.click
    g = G("agnostic_mixed.click").e("TimedSource@1", "TimedSource", 2).e("q", "Queue", 2)
    g.e("c", "Counter", 3).e("t", "Tee", 4).e("Discard@5", "Discard", 5)
    g.c("TimedSource@1", 0, "q", 0, 2).c("q", 0, "c", 0, 3).c("c", 0, "t", 0, 4)
    g.c("t", 0, "Discard@5", 0, 5)
    assert g.run(driver=True) == [
        "agnostic 'c :: Counter' in mixed context: pull input 0, push output 0"]
    # click -q too_few_inputs.click: a required input is an unused port
    g = G("too_few_inputs.click").e("s", "TimedSource", 2).e("a", "ARPQuerier", 2)
    g.e("d", "Discard", 2).c("s", 0, "a", 0, 2).c("a", 0, "d", 0, 2)
    assert g.run(driver=True) == ["too_few_inputs.click:2: 'a :: ARPQuerier' input 1 unused"]
    # click -q unconnected.click
    g = _unconnected()
    assert g.run(driver=True) == ["unconnected.click:4: 'ps :: PrioSched' input 1 unused",
                                  "unconnected.click:7: 'c :: Classifier' output 1 unused"]


def test_driver_range_errors_stop_and_keep_kinds() -> None:
    # click -q too_many_outputs.click: a port the class lacks, per connection; the graph adds
    # an unconnected Queue whose unused ports go unreported, as range errors stop the checks
    # (tests/frontend/data/hookup/order.click shows that with Click)
    g = G("too_many_outputs.click").e("s", "TimedSource", 2).e("c", "Counter", 2)
    g.e("d0", "Discard", 3).e("d1", "Discard", 4).e("s2", "TimedSource", 5)
    g.e("chk", "CheckIPHeader", 5).e("e0", "Discard", 6).e("e1", "Discard", 7)
    g.e("e2", "Discard", 8).e("q", "Queue", 9)
    g.c("s", 0, "c", 0, 2).c("c", 0, "d0", 0, 3).c("c", 1, "d1", 0, 4).c("s2", 0, "chk", 0, 5)
    g.c("chk", 0, "e0", 0, 6).c("chk", 1, "e1", 0, 7).c("chk", 2, "e2", 0, 8)
    assert g.run(driver=True) == [
        "too_many_outputs.click:2: 'c :: Counter' has no output 1",
        "too_many_outputs.click:5: 'chk :: CheckIPHeader' has no output 2"]
    assert g.g.element("c").output_kinds == ["push", "push"]   # the inference still ran


def test_driver_replaces_a_refused_connection_by_the_last() -> None:
    # Router::remove_connection: after (e2[0] -> [1] e2) fails, the last connection in sorted
    # order (e2[1] -> [1] e3) is checked next (recorded: random.cases, click -q)
    g = G().e("e2", "Counter", 1).e("e4", "InfiniteSource", 2).e("e0", "Discard", 3)
    g.e("e3", "Null", 4)
    g.c("e0", 2, "e4", 1, 6).c("e2", 1, "e3", 1, 7).c("e2", 0, "e2", 1, 9)
    assert g.run(driver=True) == [
        "t.click:1: 'e2 :: Counter' has no input 1", "t.click:4: 'e3 :: Null' has no input 1",
        "t.click:1: 'e2 :: Counter' has no output 1",
        "t.click:2: 'e4 :: InfiniteSource' has no input 1",
        "t.click:3: 'e0 :: Discard' has no output 2"]
