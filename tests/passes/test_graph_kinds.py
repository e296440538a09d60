"""`clickc graph` resolves push/pull before drawing when the configuration passes the checks."""

from __future__ import annotations

from clickc.commands.graph import _resolve_processing
from clickc.errors import Landmark
from clickc.ir import Element, RouterGraph


def _graph(sink: str) -> RouterGraph:
    g = RouterGraph()
    for name, cls in [("s", "TimedSource"), ("q", "Queue"), ("p", "Print"), ("k", sink)]:
        g.add_element(Element(name, cls, "", Landmark("t.click", 1)))
    g.connect("s", 0, "q", 0)
    g.connect("q", 0, "p", 0)
    g.connect("p", 0, "k", 0)
    return g


def test_valid_configuration_gets_port_kinds() -> None:
    g = _graph("TimedSink")
    _resolve_processing(g)
    assert g.element("q").output_kinds == ["pull"]
    assert g.element("p").input_kinds == ["pull"] and g.element("p").output_kinds == ["pull"]
    assert g.element("s").output_kinds == ["push"]


def test_invalid_configuration_is_drawn_without_kinds() -> None:
    g = _graph("Tee")  # a pull path ending in a push-only element: rejected by the checks
    _resolve_processing(g)
    assert all(e.input_kinds == [] and e.output_kinds == [] for e in g.elements())
