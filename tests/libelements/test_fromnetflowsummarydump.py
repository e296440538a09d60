"""FromNetFlowSummaryDump (issue 19; Click's elements/analysis/fromnetflowsumdump.cc): flow
records of a crafted NetFlow summary file become TCP, UDP and bare IP packets with their
addresses, ports, flags, lengths, timestamps, PAINT (LINK input, output, both) and, with
MULTIPACKET, the flow's packets; a bad line ends the reading with "bad format"; gzip input;
the handlers and LINK's check.  The expectations were recorded from Click (tests/libelements/
clickoracle.py runs it again with CLICK_PREFIX set)."""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path

import pytest

from tests.libelements.clickoracle import run_click, sha256
from tests.testlib import SANITIZE, clickc, run_config

#: Comment lines, a TCP flow of 5 packets, a UDP flow of 3 with end time 0 (interface 300:
#: pinned), two ICMP records (a 15-field line, whose last field keeps its newline and does not
#: parse), then a bad line that ends the reading.
NETFLOW = """# comment
!bang
10.0.0.1|10.0.0.2|0|14|16|5|10932|998006995|998006999|3917|80|0|18|6|0|x
192.4.1.32|18.26.4.44|0|300|2|3|200|1000|0|53|1053|0|0|17|0x10|y
1.2.3.4|5.6.7.8|0|1|2|1|84|1000|1001|0|0|0|0|1|0|z
1.2.3.4|5.6.7.8|0|1|2|2|30|1000|1003|0|0|0|0|1|0
1.2.3.4|5.6.7.8|0|1|2|1|84|1000|1001|0|0|0|0|1|0|z
bad|line
1.2.3.4|5.6.7.8|0|1|2|1|84|1000|1001|0|0|0|0|1|0|z
"""

CONFIG = """
f :: FromNetFlowSummaryDump(nf.txt, STOP true, MULTIPACKET $MP, LINK $LINK)
  -> t :: Tee -> ToIPSummaryDump(out.txt, CONTENTS timestamp first_timestamp ip_src ip_dst
       ip_len ip_proto ip_tos sport dport tcp_flags paint count wire_len ip_hl);
t[1] -> ToDump(out.pcap, ENCAP IP);
"""

HEAD = ("!IPSummaryDump 1.3\n!data timestamp first_timestamp ip_src ip_dst ip_len ip_proto "
        "ip_tos sport dport tcp_flags paint count wire_len ip_hl\n")

#: Click's outputs: (MULTIPACKET, LINK) -> (summary lines, sha256 of the pcap or None).
EXPECTED: dict[tuple[str, str], tuple[str, str | None]] = {
    ("false", "input"): ("""\
998006999.000000 998006995.000000 10.0.0.1 10.0.0.2 10932 T 0 3917 80 SA 14 5 40 20
1000.000000 1000.000000 192.4.1.32 18.26.4.44 200 U 16 53 1053 - 255 3 28 20
1001.000000 1000.000000 1.2.3.4 5.6.7.8 84 I 0 - - - 1 1 20 20
1003.000000 1000.000000 1.2.3.4 5.6.7.8 30 I 0 - - - 1 2 20 20
1001.000000 1000.000000 1.2.3.4 5.6.7.8 84 I 0 - - - 1 1 20 20
""", "0f83bdd2ab30ce56ca18d0af08060b1524378f8193b6a5c457dc9cefcf205b73"),
    ("true", "both"): ("""\
998006995.000000 998006995.000000 10.0.0.1 10.0.0.2 2186 T 0 3917 80 SA 239 1 40 20
998006996.000000 998006995.000000 10.0.0.1 10.0.0.2 2186 T 0 3917 80 SA 239 1 40 20
998006997.000000 998006995.000000 10.0.0.1 10.0.0.2 2186 T 0 3917 80 SA 239 1 40 20
998006998.000000 998006995.000000 10.0.0.1 10.0.0.2 2186 T 0 3917 80 SA 239 1 40 20
998006999.000000 998006995.000000 10.0.0.1 10.0.0.2 2188 T 0 3917 80 SA 239 1 40 20
1000.000000 1000.000000 192.4.1.32 18.26.4.44 66 U 16 53 1053 - 242 1 28 20
1000.000000 1000.000000 192.4.1.32 18.26.4.44 66 U 16 53 1053 - 242 1 28 20
1000.000000 1000.000000 192.4.1.32 18.26.4.44 68 U 16 53 1053 - 242 1 28 20
1001.000000 1000.000000 1.2.3.4 5.6.7.8 84 I 0 - - - 18 1 20 20
1000.000000 1000.000000 1.2.3.4 5.6.7.8 20 I 0 - - - 18 1 20 20
1003.000000 1000.000000 1.2.3.4 5.6.7.8 20 I 0 - - - 18 1 20 20
1001.000000 1000.000000 1.2.3.4 5.6.7.8 84 I 0 - - - 18 1 20 20
""", "614e4400440ed2720538a9f9fbcb51f1f1495243825f4c7a7a0ec74c26825647"),
    ("false", "output"): ("""\
998006999.000000 998006995.000000 10.0.0.1 10.0.0.2 10932 T 0 3917 80 SA 16 5 40 20
1000.000000 1000.000000 192.4.1.32 18.26.4.44 200 U 16 53 1053 - 2 3 28 20
1001.000000 1000.000000 1.2.3.4 5.6.7.8 84 I 0 - - - 2 1 20 20
1003.000000 1000.000000 1.2.3.4 5.6.7.8 30 I 0 - - - 2 2 20 20
1001.000000 1000.000000 1.2.3.4 5.6.7.8 84 I 0 - - - 2 1 20 20
""", None),
}

HANDLERS = ("f.filepos", "f.filesize", "f.encap", "f.active", "f.filename")
#: Click's handler values after the run with MULTIPACKET false, LINK input.
HANDLER_OUT = "f.filepos:\n314\n\nf.filesize:\n365\n\nf.encap:\nIP\n\nf.active:\ntrue\n\n" \
              "f.filename:\nnf.txt\n\n"


def _check(tmp: Path, p: subprocess.CompletedProcess[str], mp: str, link: str) -> None:
    assert p.returncode == 0, p.stderr
    lines, digest = EXPECTED[(mp, link)]
    assert (tmp / "out.txt").read_text() == HEAD + lines
    if digest:
        assert sha256(tmp / "out.pcap") == digest
    assert p.stderr.count("nf.txt:8: bad format") == 1


def _args(mp: str, link: str) -> list[str]:
    hs = [a for h in HANDLERS for a in ("-h", h)] if (mp, link) == ("false", "input") else []
    return [*hs]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("mp,link", list(EXPECTED))
def test_records(tmp_path: Path, mp: str, link: str, sanitized: bool) -> None:
    if sanitized and link == "output":
        pytest.skip("one sanitized run per MULTIPACKET setting")
    (tmp_path / "nf.txt").write_text(NETFLOW)
    config = CONFIG.replace("$MP", mp).replace("$LINK", link)
    p = run_config(tmp_path, config, *(SANITIZE if sanitized else []), *_args(mp, link))
    _check(tmp_path, p, mp, link)
    if (mp, link) == ("false", "input"):
        assert p.stdout == HANDLER_OUT


@pytest.mark.parametrize("mp,link", list(EXPECTED))
def test_records_click(tmp_path: Path, mp: str, link: str) -> None:
    """The same expectations hold for Click."""
    (tmp_path / "nf.txt").write_text(NETFLOW)
    p = run_click(tmp_path, CONFIG, f"MP={mp}", f"LINK={link}", *_args(mp, link))
    _check(tmp_path, p, mp, link)
    if (mp, link) == ("false", "input"):
        assert p.stdout == HANDLER_OUT


GZ_CONFIG = "f :: FromNetFlowSummaryDump(g.txt.gz, STOP true, LINK output) -> c :: Counter " \
            "-> Discard;\n"


def _gz(tmp: Path) -> None:
    (tmp / "g.txt.gz").write_bytes(gzip.compress(NETFLOW.splitlines(True)[4].encode()))


def test_gzip(tmp_path: Path) -> None:
    _gz(tmp_path)
    p = run_config(tmp_path, GZ_CONFIG, "-h", "f.filesize", "-h", "c.count")
    assert p.returncode == 0, p.stderr
    assert p.stdout == "f.filesize:\n-\n\nc.count:\n1\n\n"


def test_gzip_click(tmp_path: Path) -> None:
    _gz(tmp_path)
    p = run_click(tmp_path, GZ_CONFIG, "-h", "f.filesize", "-h", "c.count")
    assert p.stdout == "f.filesize:\n-\n\nc.count:\n1\n\n"


def test_errors(tmp_path: Path) -> None:
    """LINK's check (Click's configure message); an empty or missing file fails to initialize."""
    (tmp_path / "a.click").write_text("FromNetFlowSummaryDump(x, LINK foo) -> Discard;\n")
    p = clickc(tmp_path, "check", "a.click")
    assert p.returncode == 1 and "'LINK' should be 'input', 'output', or 'both'" in p.stderr
    (tmp_path / "empty.txt").write_text("")
    p = run_config(tmp_path, "FromNetFlowSummaryDump(empty.txt) -> Discard;\n")
    assert p.returncode == 1 and "empty file" in p.stderr
    p = run_config(tmp_path, "FromNetFlowSummaryDump(nonexist.txt) -> Discard;\n")
    assert p.returncode == 1 and "nonexist.txt: No such file or directory" in p.stderr


def test_timing(tmp_path: Path) -> None:
    """TIMING: records 1 s apart leave about 1 s apart (standard/cktracetimes.h's test)."""
    lines = [f"1.2.3.4|5.6.7.8|0|1|2|1|84|{t}|{t}|0|0|0|0|1|0|z\n" for t in (1000, 1001)]
    (tmp_path / "t.txt").write_text("".join(lines))
    config = "FromNetFlowSummaryDump(t.txt, STOP true, TIMING true) -> SetTimestamp " \
             "-> ToIPSummaryDump(o.txt, CONTENTS timestamp);\n"
    p = run_config(tmp_path, config)
    assert p.returncode == 0, p.stderr
    t0, t1 = (float(x) for x in (tmp_path / "o.txt").read_text().split("\n")[2:4])
    assert 0.9 <= t1 - t0 <= 3.0
