"""Property tests: whatever the configuration strings, the checker reports, never crashes.

Every class clickc specifies gets arbitrary configuration text and arbitrary connections; the
checks (classes, push/pull, ports, configuration parsers) must finish without an exception, and
every error about a configuration string must sit under a located "While configuring" line.
"""

from __future__ import annotations

import re

from clickc.elements import registry
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Element, RouterGraph
from clickc.passes.check import check_router
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CLASSES = sorted(s.name for s in registry.all_specs())
_TOKENS = list("0123456789abcdefxyzABC ,./:-_#?\"'\\<>()[]$\n") + [
    "10.0.0.1", "00:01:02:03:04:05", "0/0", "pattern", "drop", "CAPACITY", "true", "-", "tcp",
    "src", "host", "allow", "1.2.3.4/24", "12/0800"]
CONFIG_TEXT = st.lists(st.sampled_from(_TOKENS), max_size=16).map("".join)


@st.composite
def graphs(draw: st.DrawFn) -> RouterGraph:
    g = RouterGraph()
    n = draw(st.integers(1, 5))
    names = [f"e{i}" for i in range(n)]
    for i, name in enumerate(names):
        cls = draw(st.sampled_from(CLASSES + ["NoSuchClass"]))
        g.add_element(Element(name, cls, draw(CONFIG_TEXT), Landmark("p.click", i + 1)))
    for _ in range(draw(st.integers(0, 8))):
        a, b = draw(st.sampled_from(names)), draw(st.sampled_from(names))
        g.connect(a, draw(st.integers(0, 3)), b, draw(st.integers(0, 3)),
                  Landmark("p.click", draw(st.integers(1, 9))))
    return g


_DRIVER_PROCESSING = re.compile(r"^(agnostic )?'[^']* :: [^']*' .*(connected to|mixed context)")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs())
def test_checker_never_crashes(g: RouterGraph) -> None:
    errh = ErrorHandler()
    ok = check_router(g, errh)
    assert ok == (errh.nerrors == 0)
    last_context = None
    for d in errh.diagnostics:
        if d.message.startswith("While configuring"):
            assert d.landmark is not None and d.landmark.file == "p.click"
            last_context = d
        elif d.landmark is None and not _DRIVER_PROCESSING.match(d.message):
            # an indented configuration error belongs to the context line before it (Click's
            # driver reports push/pull conflicts without a landmark: Router::processing_error)
            assert d.message.startswith("  ") and last_context is not None
    for e in g.elements():
        assert len(e.input_kinds) == g.ninputs_used(e.name)
        assert all(k in ("push", "pull") for k in e.input_kinds + e.output_kinds)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CLASSES), CONFIG_TEXT)
def test_single_element_configurations(cls: str, config: str) -> None:
    g = RouterGraph()
    g.add_element(Element("x", cls, config, Landmark("p.click", 1)))
    errh = ErrorHandler()
    check_router(g, errh)
