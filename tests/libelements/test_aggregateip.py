"""AggregateIP (issue 19): Click's IPField syntax (the equivalent spellings of its
documentation, names, ranges, prefixes and masks, its messages), the aggregate values on a real
capture, INCREMENTAL and UNSHIFT_IP_ADDR, packets without the field on output 1, and the
handlers (Click's elements/analysis/aggregateip.cc and elements/ip/ipfieldinfo.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from clickc.elements.analysis.aggregateip import FieldError, parse_field, unparse_field

from tests.testlib import PCAPS

from .harness import run


@pytest.mark.parametrize("spec", ["ip src/8", "ip src & 0xFF000000", "ip[12]", "ip{96:8}",
                                  "ip{96-103}", "ip[12-12]", "ip [ 12 : 1 ]"])
def test_top_byte_of_source(spec: str) -> None:
    assert parse_field(spec) == ((0, 96, 8), "")


@pytest.mark.parametrize(("spec", "field", "text"), [
    ("tcp dport", (6, 16, 16), "tcp dport"),
    ("udp sport", (17, 0, 16), "udp sport"),
    ("sport", None, None),
    ("ip sport", (256, 0, 16), "tcpudp sport"),
    ("tcp flags", (6, 104, 8), "tcp flags"),
    ("tcp syn", (6, 110, 1), "tcp syn"),
    ("icmp type", (1, 0, 8), "icmp type"),
    ("ip fragoff", (0, 51, 13), "ip fragoff"),
    ("transp [2:2]", (258, 16, 16), "transp[2:2]"),
    ("transp[2:2]", None, None),  # a protocol name ends at white space, as in Click
    ("payload [0:4]", (259, 0, 32), "payload[0:4]"),
    ("ip proto 50 [4:4]", (50, 32, 32), "ip proto 50[4:4]"),
    ("ip[8:2] & 0x3F0", (0, 70, 6), "ip{70:6}"),
    ("ip dst/24", (0, 128, 24), "ip dst/24"),
    ("ip{3}", (0, 3, 1), "ip{3}"),
])
def test_fields_and_unparse(spec: str, field: tuple[int, int, int] | None,
                            text: str | None) -> None:
    if field is None:
        with pytest.raises(FieldError):
            parse_field(spec)
        return
    got, rest = parse_field(spec)
    assert (got, rest) == (field, "")
    assert unparse_field(got) == text


@pytest.mark.parametrize(("spec", "message"), [
    ("bogus", "expected 'HEADER [NAME] [{OFFSET:LENGTH}] [/PREFIX] [& MASK]'"),
    ("ip", "expected 'HEADER"),
    ("ip tos[1]", "bad offset or length in TCP/IP field"),
    ("ip[0:0]", "bad offset or length in TCP/IP field"),
    ("ip src/40", "bad prefix or mask in TCP/IP field"),
    ("ip src & 0x505", "bad prefix or mask in TCP/IP field"),
])
def test_field_errors(spec: str, message: str) -> None:
    with pytest.raises(FieldError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_field(spec)


CONFIG = """
FromDump({pcap}, STOP true, FORCE_IP true) -> t :: Tee(3);
t[0] -> a :: AggregateIP(ip src/8) -> b :: AggregateIP(tcp dport)
    -> ToIPSummaryDump(tcp.txt, FIELDS src dport aggregate);
b[1] -> ToIPSummaryDump(other.txt, FIELDS ip_p);
t[1] -> AggregateIP(ip src/16, UNSHIFT_IP_ADDR true) -> AggregateIP(ip ttl, INCREMENTAL true)
    -> ToIPSummaryDump(inc.txt, FIELDS src ttl aggregate);
t[2] -> AggregateIP(tcpudp sport) -> Discard;
DriverManager(wait_stop, read a.header, read a.bit_offset, read a.bit_length, read a.field,
              read b.header, stop);
"""


def _rows(path: Path) -> list[list[str]]:
    return [ln.split() for ln in path.read_text().splitlines() if not ln.startswith("!")]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_real_capture(tmp_path: Path, sanitized: bool) -> None:
    r = run(tmp_path, CONFIG.format(pcap=PCAPS / "libtrace-100_packets.pcap"), [],
            sanitized=sanitized)
    tcp = _rows(tmp_path / "tcp.txt")
    other = _rows(tmp_path / "other.txt")
    assert tcp and other and len(tcp) + len(other) == 100
    assert all(int(agg) == int(dport) for _, dport, agg in tcp)
    assert all(p != ["T"] for p in other)
    for src, ttl, agg in _rows(tmp_path / "inc.txt"):
        top16 = struct.unpack("!I", bytes(int(x) for x in src.split(".")))[0] & 0xFFFF0000
        # UNSHIFT keeps the prefix in place; 32-bit arithmetic as Click's
        assert int(agg) == ((top16 << 8) + int(ttl)) & 0xFFFFFFFF
    assert "a.header:\n0\na.bit_offset:\n96\na.bit_length:\n8\na.field:\nip src/8\n" in r.stderr
    assert "b.header:\ntcp\n" in r.stderr


def test_configuration_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> AggregateIP(ip src dst) -> Discard;\n"
            "Idle -> AggregateIP(ip[3:2]) -> Discard;\n"
            "Idle -> AggregateIP(ip src, INCREMENTAL true) -> Discard;\n"
            "Idle -> AggregateIP(ip[0:5]) -> Discard;\n", [], expect_ok=False)
    for msg in ("garbage after field specification",
                "field specification does not fit within a single word",
                "'INCREMENTAL' is incompatible with field length 32"):
        assert msg in r.stderr
