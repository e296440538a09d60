"""ToIPFlowDumps (issue 19; Click's elements/analysis/toipflowdumps.cc): flows found by
AggregateIPFlows written to a file each: the file-name escapes, the headers, relative and
absolute times and sequence numbers, IP_ID, TCP_WINDOW, TCP_OPT and ALL_TCP_OPT (SACK blocks
renumbered), MINCOUNT, GZIP, BINARY, a pull output, flows longer than the 128 packets kept in
memory, an ICMP error as a note, and the warning without aggregates.  The expectations were
recorded from Click (tests/libelements/clickoracle.py runs it again with CLICK_PREFIX set)."""

from __future__ import annotations

import gzip
import hashlib
import struct
import subprocess
from pathlib import Path

import pytest

from tests.libelements.clickoracle import run_click
from tests.pktlib import cksum
from tests.testlib import SANITIZE, clickc, run_config

FLOWS = """!data timestamp ip_src sport ip_dst dport ip_proto tcp_flags tcp_seq tcp_ack \
payload_len tcp_opt ip_id tcp_window
1000.000100 10.0.0.1 1234 10.0.0.2 80 T S 1000 0 0 mss1460;sackok;wscale7 11 5840
1000.100000 10.0.0.2 80 10.0.0.1 1234 T SA 5000 1001 0 mss1400 22 5792
1000.200000 10.0.0.1 1234 10.0.0.2 80 T A 1001 5001 0 . 12 92
1000.300000 10.0.0.1 1234 10.0.0.2 80 T PA 1001 5001 100 . 13 92
1000.400000 10.0.0.2 80 10.0.0.1 1234 T A 5001 1001 0 sack1101-1201 23 100
1000.500000 10.0.0.1 1234 10.0.0.2 80 T FA 1101 5001 0 ts5:6 14 92
1000.600000 10.0.0.3 53 10.0.0.4 5353 U - - - 20 - 7 -
1000.700000 10.0.0.4 5353 10.0.0.3 53 U - - - 40 - 8 -
1000.800000 10.0.0.5 1 10.0.0.6 2 U - - - 4 - 9 -
"""

SRC = "FromIPSummaryDump(in.txt, STOP true) -> AggregateIPFlows -> "
CONFIGS = {
    "escapes": SRC + "ToIPFlowDumps(out/flow%03n-%p-%.3s-%S.txt);",
    "absolute": SRC + "ToIPFlowDumps(out/f%n, ABSOLUTE_TIME true, ABSOLUTE_SEQ true, "
                      "IP_ID true, TCP_WINDOW true, TCP_OPT true, MINCOUNT 3);",
    "gzip": SRC + "ToIPFlowDumps(out/d/f%.0X%.5x, ALL_TCP_OPT true, GZIP true);",
    "long": "FromIPSummaryDump(many.txt, STOP true) -> AggregateIPFlows -> "
            "t :: ToIPFlowDumps(out/m%n) -> c :: Counter -> Discard;",
    "icmp": "FromDump(icmp.pcap, STOP true, FORCE_IP true) -> AggregateIPFlows(ICMP true) "
            "-> ToIPFlowDumps(out/i%n);",
    "no_aggregate": "FromIPSummaryDump(many.txt, STOP true) -> ToIPFlowDumps(out/m%n);",
    "pull": SRC + "Queue -> ToIPFlowDumps(out/p%n) -> Counter -> Discard;",
    "binary": SRC + "ToIPFlowDumps(out/b%n, BINARY true, IP_ID true, TCP_WINDOW true, "
                    "TCP_OPT true);",
    "binary_icmp": "FromDump(icmp.pcap, STOP true, FORCE_IP true) -> AggregateIPFlows(ICMP true) "
                   "-> ToIPFlowDumps(out/i%n, BINARY true, ALL_TCP_OPT true);",
}

#: Click's files for "escapes" (the other cases are checked by digest).
ESCAPES = """== flow001-T-1-1234.txt
!IPSummaryDump 1.3
!flowid 10.0.0.1 1234 10.0.0.2 80 T
!aggregate 1
!data ntimestamp direction tcp_flags tcp_seq payload_len tcp_ack tcp_ntopt
!firstseq > 1000
!firstseq < 5000
!firsttime 1000.000099999
0.000000001 > S 0 0 0
0.099900001 < SA 0 0 1
0.199900001 > A 1 0 1
0.299900001 > PA 1 100 1
0.399900001 < A 1 0 1
0.499900001 > FA 101 0 1
== flow002-U-3-53.txt
!IPSummaryDump 1.3
!flowid 10.0.0.3 53 10.0.0.4 5353 U
!aggregate 2
!data ntimestamp direction payload_len
!firsttime 1000.599999999
0.000000001 > 40
0.100000001 < 60
== flow003-U-5-1.txt
!IPSummaryDump 1.3
!flowid 10.0.0.5 1 10.0.0.6 2 U
!aggregate 3
!data ntimestamp direction payload_len
!firsttime 1000.799999999
0.000000001 > 24
"""

#: sha256 of Click's files (listing of :func:`_dump`) for each case.
DIGESTS = {
    "escapes": hashlib.sha256(ESCAPES.encode()).hexdigest(),
    "absolute": "ded7f37bad9432024629067d7ba1117389a3ae96ddfd9eb318c4d20dcc0ec5b9",
    "gzip": "27aa9cdfeb51bddf7c9758af06dd1137a86dac3b8ba3a443b2c7f8427d3ea74d",
    "long": "465f7a5ea64f12d3537b5b1d72586010e191ffc374b26daf10c034bb561fc983",
    "icmp": "4d1fda5c7be8c991b2e9c0c0eec88ac955ae41f589e7a7c55485e3fe9c7913a0",
    "binary": "dc66b3db734fea0ec915cc6cb8365d08f1653ba4a4ae714da0a533bb47fc12c6",
    "binary_icmp": "fea29efc21100cbe68ac8a0fdb2f8186d8b74c6b902a51fbcf0f1057f714dcdc",
    "pull": "b38f6763e81a8e0f4edc8c9b646ab8d08319cc26bb48a1ba4677acea078fa0f5",
    "no_aggregate": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
}


def _ip(src: list[int], dst: list[int], proto: int, payload: bytes) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 1, 0, 64, proto, 0,
                    bytes(src), bytes(dst))
    return h[:10] + struct.pack("!H", cksum(h)) + h[12:] + payload


def _tcp(sp: int, dp: int, seq: int, ack: int, flags: int) -> bytes:
    return struct.pack("!HHIIBBHHH", sp, dp, seq, ack, 5 << 4, flags, 1000, 0, 0)


def _write(tmp: Path) -> None:
    (tmp / "in.txt").write_text(FLOWS)
    many = ["!data timestamp ip_src sport ip_dst dport ip_proto payload_len"]
    many += [f"{2000 + i * 0.01:.6f} 10.0.0.7 7 10.0.0.8 8 U {i}" for i in range(200)]
    (tmp / "many.txt").write_text("\n".join(many) + "\n")
    a, b, r = [10, 0, 0, 1], [10, 0, 0, 2], [10, 0, 0, 9]
    orig = _ip(a, b, 6, _tcp(1000, 80, 101, 701, 0x10))
    pkts = [_ip(a, b, 6, _tcp(1000, 80, 100, 0, 2)), _ip(b, a, 6, _tcp(80, 1000, 700, 101, 0x12)),
            _ip(r, a, 1, struct.pack("!BBHI", 3, 1, 0, 0) + orig[:28]),
            _ip(a, b, 6, _tcp(1000, 80, 101, 701, 0x11) + b"x" * 10)]
    out = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 12)
    for i, p in enumerate(pkts):
        out += struct.pack("<IIII", 3000 + i, 500, len(p), len(p)) + p
    (tmp / "icmp.pcap").write_bytes(out)


def _dump(tmp: Path) -> bytes:
    """Every file under tmp/out, sorted by path, as "== PATH" and its (gunzipped) bytes."""
    text = b""
    out = tmp / "out"
    for f in sorted(out.rglob("*")) if out.exists() else []:
        if f.is_file():
            data = gzip.decompress(f.read_bytes()) if f.suffix == ".gz" else f.read_bytes()
            text += f"== {f.relative_to(out)}\n".encode() + data
    return text


def _check(tmp: Path, case: str, p: subprocess.CompletedProcess[str]) -> None:
    assert p.returncode == 0, p.stderr
    listing = _dump(tmp)
    if case == "escapes":
        assert listing == ESCAPES.encode()
    assert hashlib.sha256(listing).hexdigest() == DIGESTS[case], listing
    assert ("ToIPFlowDumps@2 :: ToIPFlowDumps: warning: saw no packets with aggregate "
            "annotations" in p.stderr) == (case == "no_aggregate")


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("case", list(CONFIGS))
def test_flows(tmp_path: Path, case: str, sanitized: bool) -> None:
    if sanitized and case not in ("absolute", "icmp", "long", "binary_icmp"):
        pytest.skip("the sanitized runs cover options, notes and long flows")
    _write(tmp_path)
    p = run_config(tmp_path, CONFIGS[case] + "\n", *(SANITIZE if sanitized else []))
    _check(tmp_path, case, p)


@pytest.mark.parametrize("case", list(CONFIGS))
def test_flows_click(tmp_path: Path, case: str) -> None:
    """The same expectations hold for Click."""
    _write(tmp_path)
    _check(tmp_path, case, run_click(tmp_path, CONFIGS[case] + "\n"))


def test_checks(tmp_path: Path) -> None:
    """A pattern without escapes warns; NOTIFIER is refused with a reason."""
    (tmp_path / "a.click").write_text("Idle -> ToIPFlowDumps(out.txt);\n")
    p = clickc(tmp_path, "check", "a.click")
    assert "OUTPUT_PATTERN has no % escapes, so output files will get overwritten" in p.stderr
    (tmp_path / "c.click").write_text(
        "Idle -> a :: AggregateIPFlows -> ToIPFlowDumps(f%n, NOTIFIER a);\n")
    p = clickc(tmp_path, "check", "c.click")
    assert p.returncode == 1 and "does not notify listeners" in p.stderr
