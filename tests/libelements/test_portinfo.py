"""PortInfo (issue 19): names for TCP and UDP ports, resolved at compile time in other
elements' port arguments with compound scoping, comments and aliases as Click's PortInfo
(elements/standard/portinfo.cc; Click's test/tcpudp/UDPIPEncap-01)."""

from __future__ import annotations

from pathlib import Path

from clickc.args import ArgContext
from clickc.args.addresses import AddressInfoDB, define_portinfo_arg

from .harness import run


def test_names_by_protocol() -> None:
    db = AddressInfoDB()
    assert define_portinfo_arg("web 8080 alt # not-a-name", "p", db) == []
    assert define_portinfo_arg("t 0x10/tcp", "p", db) == []
    assert define_portinfo_arg("u 010/17", "p", db) == []
    assert define_portinfo_arg("g 5/gre", "p", db) == []
    assert define_portinfo_arg("# comment 1/udp", "p", db) == []
    assert define_portinfo_arg("bad 12x", "p", db) == ["expected 'NAME PORT/PROTO'"]
    assert define_portinfo_arg("bad", "p", db) == ["expected 'NAME PORT/PROTO'"]
    for name, tcp, udp in (("web", 8080, 8080), ("alt", 8080, 8080), ("t", 16, None),
                           ("u", None, 8), ("g", None, None), ("not-a-name", None, None)):
        assert db.lookup("x", name, "tcp_port") == tcp
        assert db.lookup("x", name, "udp_port") == udp
    ctx = ArgContext("x", "UDPIPEncap", addressinfo=db)
    assert ArgContext.of(ctx).names().get("web", "udp_port") == 8080


def test_udpipencap_ports(tmp_path: Path) -> None:
    config = """
InfiniteSource(LIMIT 3, STOP true)
  -> r :: RoundRobinSwitch
  -> UDPIPEncap(1.0.0.1, foo, 1.0.0.1, ssh)
  -> p :: ToIPSummaryDump($OUT/s.txt, FIELDS ip_src sport ip_dst dport ip_proto);
r[1] -> UDPIPEncap(1.0.0.2, 20, 1.0.0.2, 30) -> p;
r[2] -> { input -> UDPIPEncap(1.0.0.3, foo, 1.0.0.3, ssh) -> output;
    PortInfo(foo 80/udp ssh) } -> p;
PortInfo(foo 79/udp # ssh 25/udp comment, # ssh 26/udp comment, )
"""
    run(tmp_path, config, [])
    lines = [x for x in (tmp_path / "out" / "s.txt").read_text().splitlines()
             if not x.startswith("!")]
    assert lines == ["1.0.0.1 79 1.0.0.1 22 U", "1.0.0.2 20 1.0.0.2 30 U",
                     "1.0.0.3 80 1.0.0.3 80 U"]


def test_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "PortInfo(foo bar); PortInfo(t 99/tcp);\n"
            "Idle -> UDPIPEncap(1.0.0.1, t, 1.0.0.1, 5) -> Discard;\n", [], expect_ok=False)
    assert "expected 'NAME PORT/PROTO'" in r.stderr
    assert "SPORT: parse error" in r.stderr
