"""AddressInfo names as IPv4, prefix and Ethernet arguments, and AddressInfo's own errors.

Expected values were printed by real Click; ``C`` is ``$CLICK_PREFIX/bin/click -q``.
"""

from __future__ import annotations

import io

import pytest
from clickc.args import ArgContext, ArgError, collect_addressinfo, parse_value
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Element, RouterGraph


def graph(*elements: tuple[str, str, str]) -> RouterGraph:
    g = RouterGraph()
    for name, cls, config in elements:
        g.add_element(Element(name, cls, config, Landmark("config", 1)))
    return g


def value(g: RouterGraph, element: str, type_name: str, text: str) -> str:
    try:
        return str(parse_value(type_name, text, ArgContext(element, "X", graph=g)))
    except ArgError as e:
        return "ERR " + e.message


N0 = graph(("ai", "AddressInfo", "n0 1.0.0.1/8 00:11:22:33:44:55"), ("e", "X", ""))


@pytest.mark.parametrize("type_name,text,expected", [
    # C -e 'AddressInfo(n0 1.0.0.1/8 00:11:22:33:44:55); Idle -> e::EtherEncap(0x800, n0,
    #        n0:eth) -> Discard' -h e.src -h e.dst            -> 00-11-22-33-44-55 twice
    ("ether", "n0", "00-11-22-33-44-55"),
    ("ether", "n0:eth", "00-11-22-33-44-55"),
    ("ether", "n0:ethernet", "00-11-22-33-44-55"),
    # C -e '...; Idle -> i::IPEncap(4, n0, n0:bcast) -> Discard' -h i.src -h i.dst
    ("ip", "n0", "1.0.0.1"),
    ("ip", "n0:bcast", "1.255.255.255"),
    # C -e '...; Idle -> i::IPEncap(4, n0:gw, n0:ip) -> Discard' -h i.src -h i.dst
    ("ip", "n0:gw", "1.0.0.1"),
    ("ip", "n0:ip", "1.0.0.1"),
    ("ip", "n0:nonsense", "ERR parse error"),
    # C -e 'AddressInfo(n0 1.0.0.1/8); r::StaticIPLookup(n0 0, n0:net 0, n0/16 0) -> ...'
    #   -h r.table -> 1.0.0.1/32, 1.0.0.0/8, 1.0.0.0/16 (the table masks the address)
    ("ipprefix_or_addr", "n0", "1.0.0.1/32"),
    ("ipprefix_or_addr", "n0:net", "1.0.0.1/8"),
    ("ipprefix_or_addr", "n0/16", "1.0.0.1/16"),
    ("ipprefix", "n0", "1.0.0.1/8"),
    ("ip", "eth0", "ERR parse error"),   # no host device names at compile time
])
def test_names(type_name: str, text: str, expected: str) -> None:
    assert value(N0, "e", type_name, text) == expected


def test_network_only_name_is_not_an_address() -> None:
    # C -e 'AddressInfo(n0 1.0.0.0/8); Idle -> i::IPEncap(4, n0, 1.2.3.4) -> Discard'
    #   -> "SRC: parse error"
    g = graph(("ai", "AddressInfo", "n0 1.0.0.0/8"), ("i", "IPEncap", ""))
    assert value(g, "i", "ip", "n0") == "ERR parse error"
    assert value(g, "i", "ipprefix", "n0") == "1.0.0.0/8"


@pytest.mark.parametrize("config", ["n0 1.0.0.1, n0 2.0.0.2", "n0 1.0.0.1 2.0.0.2"])
def test_later_definition_wins(config: str) -> None:
    # C -e 'AddressInfo(n0 1.0.0.1, n0 2.0.0.2); Idle -> i::IPEncap(4, n0, n0) -> Discard'
    #   -h i.src -> 2.0.0.2 (same with 'n0 1.0.0.1 2.0.0.2')
    g = graph(("ai", "AddressInfo", config), ("i", "IPEncap", ""))
    assert value(g, "i", "ip", "n0") == "2.0.0.2"


def test_names_defined_earlier_are_usable() -> None:
    # C -e 'AddressInfo(n0 1.2.3.4, n1 n0); Idle -> i::IPEncap(4, n1, n1) -> Discard'
    #   -h i.src -> 1.2.3.4
    g = graph(("ai", "AddressInfo", "n0 1.2.3.4, n1 n0"), ("i", "IPEncap", ""))
    assert value(g, "i", "ip", "n1") == "1.2.3.4"


def errors_of(g: RouterGraph) -> str:
    errh = ErrorHandler()
    collect_addressinfo(g, errh)
    out = io.StringIO()
    errh.print(out)
    return out.getvalue()


def test_forward_reference_is_an_error() -> None:
    # C -e 'AddressInfo(n1 n0, n0 1.2.3.4); Idle -> i::IPEncap(4, n1, n1) -> Discard'
    g = graph(("AddressInfo@1", "AddressInfo", "n1 n0, n0 1.2.3.4"), ("i", "IPEncap", ""))
    assert errors_of(g) == ("config:1: While configuring 'AddressInfo@1 :: AddressInfo':\n"
                            "  'n0' is not a recognizable address\n")
    assert value(g, "i", "ip", "n1") == "ERR parse error"


def test_addressinfo_errors() -> None:
    # C -e 'AddressInfo(n0, n1 foo, n2 1.2.3.4 bar); Idle -> Discard'
    g = graph(("AddressInfo@1", "AddressInfo", "n0, n1 foo, n2 1.2.3.4 bar"))
    assert errors_of(g) == ("config:1: While configuring 'AddressInfo@1 :: AddressInfo':\n"
                            "  expected 'NAME [ADDRS]'\n"
                            "  'foo' is not a recognizable address\n"
                            "  'bar' is not a recognizable address\n")
    assert value(g, "AddressInfo@1", "ip", "n2") == "1.2.3.4"


def test_compound_scopes() -> None:
    # C -e 'c::{AddressInfo(x 1.1.1.1); input->i::IPEncap(4, x, x)->output};
    #        AddressInfo(x 2.2.2.2); Idle->c->j::IPEncap(4,x,x)->Discard' -h c/i.src -h j.src
    #   -> 1.1.1.1 and 2.2.2.2
    g = graph(("c/ai", "AddressInfo", "x 1.1.1.1"), ("ai", "AddressInfo", "x 2.2.2.2"),
              ("c/i", "IPEncap", ""), ("j", "IPEncap", ""))
    assert value(g, "c/i", "ip", "x") == "1.1.1.1"
    assert value(g, "j", "ip", "x") == "2.2.2.2"
    assert value(g, "c/d/k", "ip", "x") == "1.1.1.1"


def test_element_references() -> None:
    g = graph(("c/q", "Queue", ""), ("q", "Queue", ""), ("top", "Idle", ""))
    # Router::find looks inside the referring element's compound first.
    assert value(g, "c/u", "element", "q") == "c/q"
    assert value(g, "u", "element", "q") == "q"
    assert value(g, "c/u", "element", "top") == "top"
    assert value(g, "u", "element", "nothere") == "ERR does not name an element"
    ref = parse_value("element", "q", ArgContext("c/x", "X", graph=g))
    assert ref.index == g.element("c/q").index


def test_annotation_offsets() -> None:
    # C -e 'Idle -> SetIPAddress(1.2.3.4, ANNO 17) -> Discard'   (accepted on x86)
    assert parse_value("anno4", "17") == 17
    assert parse_value("anno4", "DST_IP") == 0
    assert parse_value("anno1", "PAINT") == 16
    for bad in ("PAINT", "46", "x"):
        try:
            parse_value("anno4", bad)
        except ArgError as e:
            assert e.message == "parse error"
        else:
            raise AssertionError(bad)


def test_device_like_name_defined_by_addressinfo() -> None:
    # C -e 'AddressInfo(eth0 1.0.0.1/8 00:11:22:33:44:55); Idle -> i::IPEncap(4, eth0,
    #        eth0:bcast) -> e::EtherEncap(0x800, eth0, eth0) -> r::StaticIPLookup(eth0:net 0)
    #        -> Discard' -h i.src -h i.dst -h e.src -h r.table
    #   -> 1.0.0.1, 1.255.255.255, 00-11-22-33-44-55, 1.0.0.0/8
    g = graph(("AddressInfo@1", "AddressInfo", "eth0 1.0.0.1/8 00:11:22:33:44:55"),
              ("i", "IPEncap", ""))
    assert value(g, "i", "ip", "eth0") == "1.0.0.1"
    assert value(g, "i", "ip", "eth0:bcast") == "1.255.255.255"
    assert value(g, "i", "ether", "eth0") == "00-11-22-33-44-55"
    assert value(g, "i", "ipprefix_or_addr", "eth0:net") == "1.0.0.1/8"
