"""Class-specific configuration parsers (the hooks the specs define, clickc.elements.hooks).

tests/elements/configs/NAME.click holds configurations with errors; NAME.expected is what Click's
userlevel driver printed for it (the command is in its comment lines).  `clickc check` must
print the same.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from clickc.errors import ErrorHandler

CONFIGS = Path(__file__).resolve().parent / "configs"
NEEDS_ARGS = {"misc_bad"}  # Tee's N is read by clickc.args before the validate hook runs


def _check(name: str) -> list[str]:
    from clickc.driver import check_file

    old = os.getcwd()
    os.chdir(CONFIGS)
    try:
        errh = ErrorHandler()
        check_file(f"{name}.click", {}, errh)
    finally:
        os.chdir(old)
    return [str(d) for d in errh.diagnostics]


@pytest.mark.parametrize("name", sorted(p.stem for p in CONFIGS.glob("*.click")))
def test_messages_match_click(name: str) -> None:
    if name in NEEDS_ARGS and importlib.util.find_spec("clickc.args") is None:
        pytest.skip("clickc.args not available")
    expected = [x for x in (CONFIGS / f"{name}.expected").read_text().splitlines()
                if x and not x.startswith("#")]
    assert _check(name) == expected


def test_parsed_values() -> None:
    from clickc.elements.ethernet.arpresponder import arp_responder_entries
    from clickc.elements.hooks import ConfigureContext, address_db, address_table
    from clickc.elements.standard.addressinfo import address_info
    from clickc.errors import Landmark
    from clickc.ir import Element, RouterGraph

    g = RouterGraph()
    g.add_element(Element("ai", "AddressInfo", "me 10.0.0.1/8 00:01:02:03:04:05",
                          Landmark("t", 1)))
    g.add_element(Element("ar", "ARPResponder", "me, 18.26.4/24 1:2:3:4:5:6", Landmark("t", 2)))
    g.add_element(Element("i", "Idle", "", Landmark("t", 3)))
    g.connect("i", 0, "ar", 0)
    g.connect("ar", 0, "i", 0)

    errh = ErrorHandler()
    info = address_info(g, g.element("ai"), ConfigureContext(g.element("ai"), errh))
    assert errh.diagnostics == []
    assert info is not None
    me = info["NAMES"]["me"]
    assert me.ip == 0x0A000001
    assert me.ip_prefix == (0x0A000001, 0xFF000000)
    assert me.ether == bytes([0, 1, 2, 3, 4, 5])
    t = address_table(g)
    assert t.ip == {"me": 0x0A000001} and t.ether == {"me": bytes([0, 1, 2, 3, 4, 5])}
    r = arp_responder_entries(g, g.element("ar"),
                              ConfigureContext(g.element("ar"), errh, address_db(g)))
    assert errh.diagnostics == []
    assert r == {"ENTRIES": [(0x0A000001, 0xFFFFFFFF, bytes([0, 1, 2, 3, 4, 5])),
                             (0x121A0400, 0xFFFFFF00, bytes([1, 2, 3, 4, 5, 6]))]}


def test_arpquerier_single_addressinfo_name() -> None:
    from clickc.errors import Landmark
    from clickc.ir import Element, RouterGraph
    from clickc.passes.check import check_router

    g = RouterGraph()
    g.add_element(Element("ai", "AddressInfo", "intern 10.0.0.1 10.0.0.0/8 00:50:ba:85:84:a9",
                          Landmark("t", 1)))
    g.add_element(Element("s", "TimedSource", "", Landmark("t", 2)))
    g.add_element(Element("q", "ARPQuerier", "intern, TIMEOUT 10", Landmark("t", 3)))
    g.add_element(Element("d", "Discard", "", Landmark("t", 4)))
    g.add_element(Element("s2", "TimedSource", "", Landmark("t", 5)))
    g.connect("s", 0, "q", 0)
    g.connect("s2", 0, "q", 1)
    g.connect("q", 0, "d", 0)
    errh = ErrorHandler()
    check_router(g, errh)
    assert errh.diagnostics == []
    args = g.element("q").args
    assert args is not None
    assert "10.0.0.1" in str(args["IP"]) and args["ETH"].octets == bytes.fromhex("0050ba8584a9")
    assert g.element("q").facts.args_given >= {"IP", "ETH", "TIMEOUT"}
