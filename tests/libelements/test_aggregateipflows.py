"""AggregateIPFlows (issue 19): flow numbers from 1 by (addresses, ports) in either direction,
PAINT 0 forward and 1 reverse, a new number after a flow's timeout or a SYN after FIN both ways,
held fragments that take their first fragment's number (Click's test/analysis/
AggregateIPFlows-01), ICMP errors numbered as the flow they quote (paint 2 + direction),
TRACEINFO's XML records, and the refusal of FRAGMENTS true in pull context (Click's
elements/analysis/aggregateipflows.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum
from tests.testlib import PCAPS

from .harness import DST, SRC, run

CLICK_01 = """!data src sport dst dport proto ip_id ip_fragoff ip_len
18.26.4.44 30 10.0.0.4 40 U 1 0 100
18.26.4.44 30 18.26.4.44 41 U 2 0 100
10.0.0.4 40 18.26.4.44 30 U 3 0 100
18.26.4.44 41 18.26.4.44 30 U 4 0 100
18.26.4.44 41 18.26.4.44 30 U 5 24 80
18.26.4.44 30 18.26.4.44 41 U 6 24 84
18.26.4.44 41 18.26.4.44 30 U 5 0+ 24
18.26.4.44 30 18.26.4.44 41 U 6 0+ 24
"""

TIMEOUTS = """!data timestamp src sport dst dport proto tcp_flags
100 1.0.0.1 10 2.0.0.2 20 T S
101 2.0.0.2 20 1.0.0.1 10 T SA
102 1.0.0.1 10 2.0.0.2 20 T F
103 2.0.0.2 20 1.0.0.1 10 T F
104 1.0.0.1 10 2.0.0.2 20 T S
105 1.0.0.1 11 2.0.0.2 20 U .
200 1.0.0.1 11 2.0.0.2 20 U .
201 1.0.0.1 12 2.0.0.2 20 T R
"""


def _rows(path: Path) -> list[str]:
    return [ln for ln in path.read_text().splitlines() if not ln.startswith("!")]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_click_fragments_and_clear(tmp_path: Path, sanitized: bool) -> None:
    (tmp_path / "in1.txt").write_text(CLICK_01)
    run(tmp_path, """
FromIPSummaryDump(in1.txt, STOP true, ZERO true) -> SetTimestamp -> a :: AggregateIPFlows
    -> ToIPSummaryDump(out1.txt, FIELDS aggregate link ip_len ip_id);
DriverManager(pause, write a.clear, stop);
""", [], sanitized=sanitized)
    # packets 5 and 6 are later fragments: held until clear, they take the number of the
    # first fragment with their IP ID (packets 7 and 8), which wait behind them
    assert _rows(tmp_path / "out1.txt") == [
        "1 0 100 1", "2 0 100 2", "1 1 100 3", "2 1 100 4",
        "2 1 80 5", "2 0 84 6", "2 1 24 5", "2 0 24 6"]


def test_timeouts_and_traceinfo(tmp_path: Path) -> None:
    (tmp_path / "in2.txt").write_text(TIMEOUTS)
    run(tmp_path, """
FromIPSummaryDump(in2.txt, STOP true) -> a :: AggregateIPFlows(TRACEINFO tr.xml)
    -> ToIPSummaryDump(out2.txt, FIELDS timestamp aggregate paint);
""", [])
    # 104: a SYN after FIN both ways renumbers; 200: the UDP flow was unseen for 95 s > 60 s
    assert _rows(tmp_path / "out2.txt") == [
        "100.000000 1 0", "101.000000 1 1", "102.000000 1 0", "103.000000 1 1",
        "104.000000 2 0", "105.000000 3 0", "200.000000 4 0", "201.000000 5 0"]
    # the records as Click's userlevel driver wrote them for this input ($CLICK_PREFIX/bin/click
    # c.click, the configuration above): PRITIMESTAMP's nine digits
    xml = (tmp_path / "tr.xml").read_text()
    assert xml.startswith("<?xml version='1.0' standalone='yes'?>\n<trace>\n")
    assert xml.endswith("</trace>\n")
    assert ("<flow aggregate='1' src='1.0.0.1' sport='10' dst='2.0.0.2' dport='20' "
            "begin='100.000000000' duration='3.000000000'>\n"
            "  <stream dir='0' packets='2' /><stream dir='1' packets='2' />\n</flow>\n") in xml
    # renumbering keeps the packet counts (Click's StatFlowInfo is reused as it is)
    assert ("<flow aggregate='2' src='1.0.0.1' sport='10' dst='2.0.0.2' dport='20' "
            "begin='104.000000000' duration='0.000000000'>\n"
            "  <stream dir='0' packets='3' /><stream dir='1' packets='2' />") in xml
    assert xml.count("<flow ") == 5


def _ip(proto: int, src: bytes, dst: bytes, payload: bytes) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 7, 0, 64, proto, 0, src, dst)
    return h[:10] + struct.pack("!H", cksum(h)) + h[12:] + payload


A, B = bytes([1, 0, 0, 1]), bytes([2, 0, 0, 2])
UDP_AB = _ip(17, A, B, struct.pack("!HHHH", 11, 20, 8, 0))
UDP_BA = _ip(17, B, A, struct.pack("!HHHH", 20, 11, 8, 0))
ICMP_ERR = _ip(1, A, B, bytes([3, 3, 0, 0, 0, 0, 0, 0]) + UDP_BA[:28])
ICMP_ECHO = _ip(1, A, B, bytes([8, 0, 0, 0, 0, 0, 0, 0]))


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_icmp_errors_and_output1(tmp_path: Path, sanitized: bool) -> None:
    frames = [DST + SRC + b"\x08\x00" + ip for ip in (UDP_AB, UDP_BA, ICMP_ERR, ICMP_ECHO)]
    r = run(tmp_path, """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> MarkIPHeader -> t :: Tee;
t[0] -> a :: AggregateIPFlows(ICMP true)
     -> ToIPSummaryDump($OUT/icmp.txt, FIELDS ip_p aggregate paint);
a[1] -> ToIPSummaryDump($OUT/rest.txt, FIELDS ip_p);
t[1] -> b :: AggregateIPFlows -> ToIPSummaryDump($OUT/plain.txt, FIELDS ip_p aggregate paint);
""", frames, sanitized=sanitized)
    out = tmp_path / "out"
    # the error quotes a packet of the reverse direction: paint 2 + 1
    assert _rows(out / "icmp.txt") == ["U 1 0", "U 1 1", "I 1 3"]
    assert _rows(out / "rest.txt") == ["I"]
    assert _rows(out / "plain.txt") == ["U 1 0", "U 1 1"]
    assert r.drops["b"] == {"not a TCP/UDP flow": 2}


def test_fragments_in_pull_refused(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> q :: Queue -> AggregateIPFlows(FRAGMENTS true) -> Discard;\n",
            [], expect_ok=False)
    assert "'FRAGMENTS true' is incompatible with pull" in r.stderr


def test_real_capture_source(tmp_path: Path) -> None:
    pcap = PCAPS / "libtrace-100_packets.pcap"
    run(tmp_path, f"""
src :: FromDump({pcap}, STOP true, FORCE_IP true)
    -> a :: AggregateIPFlows(TRACEINFO tr.xml, SOURCE src)
    -> ToIPSummaryDump(flows.txt, FIELDS src sport dst dport aggregate paint);
a[1] -> ToIPSummaryDump(other.txt, FIELDS ip_p);
""", [])
    rows = [r.split() for r in _rows(tmp_path / "flows.txt")]
    other = _rows(tmp_path / "other.txt")
    assert len(rows) + len(other) == 100
    # one number per flow, the same both ways, assigned in order of first appearance
    seen: dict[tuple[str, ...], tuple[str, str]] = {}
    order: list[str] = []
    for src, sport, dst, dport, agg, paint in rows:
        key = (src, sport, dst, dport)
        if key in seen:
            assert seen[key] == (agg, paint)
        elif (dst, dport, src, sport) in seen:
            assert seen[(dst, dport, src, sport)] == (agg, "0" if paint == "1" else "1")
        else:
            seen[key] = (agg, paint)
            assert paint == "0"
            order.append(agg)
    assert order == [str(i) for i in range(1, len(order) + 1)]
    xml = (tmp_path / "tr.xml").read_text()
    assert f"<trace file='{pcap}'>" in xml
    assert xml.count("<flow ") == len(order) and xml.count(" filepos='") == len(order)
