"""The undead pass against Click's click-undead.

* Click's own configurations ($CLICK_SRC/conf/*.click) through our pass and through the
  installed click-undead ($CLICK_PREFIX/bin/click-undead; tests/oracle.py): same elements
  and connections.
  Skipped when either is absent (CI has neither).
* Small cases whose expected results were recorded from click-undead (command in each case).
"""

from __future__ import annotations

import collections
import subprocess
from pathlib import Path

import pytest
from clickc.elements import registry
from clickc.errors import ClickError, ErrorHandler
from clickc.frontend import parse_file, parse_string
from clickc.frontend.unparse import unparse
from clickc.ir import RouterGraph
from clickc.passes.undead import remove_dead

from tests import oracle

CLICK_CONF = oracle.click_src("conf")
CLICK_UNDEAD = oracle.click_tool("click-undead")
# The installed Click lacks the ip6 package, so its elementmap has no IP6NDSolicitor and
# click-undead takes the default flow code x/x for it; clickc uses Click's "xy/x" and so
# removes the Print that only feeds its second (solicitation) input.
IP6_WITHOUT_ELEMENTMAP = {"icmp6error.click", "ip6ndsolicitor.click"}


def _classes() -> set[str]:
    return set(registry.class_names())


def _shape(g: RouterGraph) -> tuple[set[tuple[str, str, str]], collections.Counter[tuple]]:
    """Elements (Idle excluded: click-undead numbers its new Idle differently) and the
    connections with every Idle called IDLE."""
    els = {(e.name, e.class_name, e.config) for e in g.elements() if e.class_name != "Idle"}

    def n(x: str) -> str:
        return "IDLE" if g.element(x).class_name == "Idle" else x

    return els, collections.Counter((n(c.src), c.sport, n(c.dst), c.dport)
                                    for c in g.connections())


def _conf_files() -> list[Path]:
    return sorted(CLICK_CONF.glob("*.click")) if CLICK_CONF is not None else []


@pytest.mark.parametrize("conf", _conf_files(), ids=lambda p: p.name)
def test_matches_click_undead_on_click_conf(conf: Path) -> None:
    if CLICK_UNDEAD is None:
        pytest.skip(oracle.skip_reason_tool("click-undead"))
    if conf.name in IP6_WITHOUT_ELEMENTMAP:
        pytest.skip("installed Click has no ip6 elementmap entries")
    r = subprocess.run([str(CLICK_UNDEAD), str(conf)], capture_output=True, text=True,
                       timeout=60)
    if r.returncode != 0:
        pytest.skip(f"click-undead rejects it: {r.stderr.strip()[:80]}")
    errh = ErrorHandler()
    try:
        g = parse_file(str(conf), {}, errh, _classes())
    except ClickError:
        pytest.skip("uses classes clickc does not know")
    if errh.nerrors:
        pytest.skip("uses classes clickc does not know")
    remove_dead(g, registry, ErrorHandler())
    theirs = parse_string(r.stdout, "click-undead", {}, ErrorHandler(), _classes())
    ours = parse_string(unparse(g), "clickc", {}, ErrorHandler(), _classes())
    assert _shape(ours) == _shape(theirs)


def _undead(text: str) -> tuple[str, ErrorHandler]:
    errh = ErrorHandler()
    g = parse_string(text, "t.click", {}, errh, None)   # any class, as click-flatten
    assert not errh.nerrors
    out = ErrorHandler()
    remove_dead(g, registry, out)
    return unparse(g), out


def _body(flat: str) -> str:
    return "".join(line + "\n" for line in flat.splitlines() if not line.startswith("#"))


def test_static_switch_and_pull_switch() -> None:
    # recorded: click-undead -e 'InfiniteSource -> s :: StaticSwitch(0); s[0] -> q :: Queue;
    #   s[1] -> Discard; q -> p :: StaticPullSwitch(1); Idle -> [0]p; p -> Discard;'
    # (our version adds the Queue's pull side as a second input so both switches have work)
    flat, _ = _undead("InfiniteSource -> s :: StaticSwitch(0); s[0] -> q :: Queue; "
                      "s[1] -> Discard; i :: Idle -> [0]p :: StaticPullSwitch(1); q -> [1]p;"
                      " p -> d :: Discard;")
    assert _body(flat) == (
        "InfiniteSource@1 :: InfiniteSource;\nq :: Queue;\nd :: Discard;\n"
        "InfiniteSource@1 -> q\n    -> d;\n")


def test_redundant_scheduler_and_strides() -> None:
    # StrideSched's ticket of the removed input goes too (click-undead's config_eq_ninputs)
    flat, _ = _undead("i :: Idle -> q0 :: Queue; InfiniteSource -> q1 :: Queue; "
                      "InfiniteSource -> q2 :: Queue; "
                      "q0, q1, q2 => s :: StrideSched(1, 2, 3) -> Discard;")
    assert "s :: StrideSched(2, 3);" in flat
    assert "q0" not in flat


def test_no_live_elements_leaves_router() -> None:
    flat, errh = _undead("i :: Idle -> q :: Queue -> j :: Idle;")
    assert "q :: Queue" in flat
    assert [str(d) for d in errh.diagnostics] == [
        "warning: no live elements in configuration"]


def test_portless_elements_live() -> None:
    flat, _ = _undead("AddressInfo(a 1.2.3.4); InfiniteSource -> Discard;")
    assert "AddressInfo" in flat and "Discard" in flat
