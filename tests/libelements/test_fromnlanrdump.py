"""FromNLANRDump (issue 19; Click's elements/analysis/fromnlanrdump.cc): TSH and FR+ cells
become 36-byte IPv4 packets with the cell's timestamp (TSH: the link number in PAINT), a cell
with IP options goes to output 1, gzip data is read, START_AFTER and END_AFTER select a window,
FR yields nothing, and FORMAT's checks and guess warning are Click's."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum, read_pcap
from tests.testlib import SANITIZE, clickc, run_config


def _ip(ident: int, hl: int = 5) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x40 | hl, 0, 40, ident, 0, 64, 6, 0,
                    bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
    h = h[:10] + struct.pack("!H", cksum(h)) + h[12:]
    return (h + bytes(range(16)) + bytes(20))[:36]


def _trace(link: int) -> bytes:
    """Five cells one second and one millisecond apart; the third has a 24-byte IP header."""
    return b"".join(struct.pack("!II", 1000 + i, (link << 24) | (i * 1000)) + _ip(i, 6 if i == 2
                                                                                  else 5)
                    for i in range(5))


CONFIG = """
f :: FromNLANRDump({name}{extra}) -> Paint(9, 17) -> ToDump(out.pcap, ENCAP IP);
f[1] -> c1 :: Counter -> Discard;
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_tsh(tmp_path: Path, sanitized: bool) -> None:
    (tmp_path / "t.tsh.gz").write_bytes(gzip.compress(_trace(3)))
    config = CONFIG.format(name="t.tsh.gz", extra=", STOP true").replace(
        "-> Paint(9, 17) ", "-> CheckPaint(3) ")
    p = run_config(tmp_path, config, *(SANITIZE if sanitized else []), "-h", "c1.count",
                   "-h", "f.filepos", "-h", "f.encap")
    assert p.returncode == 0, p.stderr
    recs = read_pcap(tmp_path / "out.pcap")[1]
    assert [(s, ns) for s, ns, _ in recs] == [(1000 + i, i * 1000000) for i in (0, 1, 3, 4)]
    assert [d for _, _, d in recs] == [_ip(i) for i in (0, 1, 3, 4)]
    assert p.stdout.split() == ["c1.count:", "1", "f.filepos:", "220", "f.encap:", "IP"]


def test_frplus_window(tmp_path: Path) -> None:
    """FR+: the whole microsecond field is time; START_AFTER 1.5 s, END_AFTER 3.5 s."""
    (tmp_path / "t.fr+").write_bytes(_trace(0))
    config = CONFIG.format(name="t.fr+",
                           extra=", FORMAT fr+, START_AFTER 1.5, END_AFTER 3.5, STOP true")
    p = run_config(tmp_path, config, "-h", "c1.count")
    assert p.returncode == 0, p.stderr
    assert [s for s, _, _ in read_pcap(tmp_path / "out.pcap")[1]] == [1003]
    assert p.stdout.strip() == "1"
    # guessed from the name, .fr+ is not recognized: Click's test for it never holds, so
    # $CLICK_PREFIX/bin/click warns and reads TSH cells (the link byte is not time)
    (tmp_path / "g.click").write_text(CONFIG.format(name="t.fr+", extra=", STOP true"))
    p = clickc(tmp_path, "check", "g.click")
    assert "warning: cannot guess file format from filename, assuming 'tsh'" in p.stderr


def test_fr_and_checks(tmp_path: Path) -> None:
    (tmp_path / "t.fr").write_bytes(bytes(48))
    p = run_config(tmp_path, CONFIG.format(name="t.fr", extra=", STOP true"), "-h", "c1.count")
    assert p.returncode == 0, p.stderr
    assert read_pcap(tmp_path / "out.pcap")[1] == []
    (tmp_path / "a.click").write_text("FromNLANRDump(x.dat, FORMAT foo) -> Discard;\n")
    p = clickc(tmp_path, "check", "a.click")
    assert p.returncode == 1 and "bad FORMAT" in p.stderr
    (tmp_path / "b.click").write_text("FromNLANRDump(x.dat) -> Discard;\n")
    p = clickc(tmp_path, "check", "b.click")
    assert "cannot guess file format from filename, assuming 'tsh'" in p.stderr


def test_timing(tmp_path: Path) -> None:
    """TIMING: cells 0.4 s apart leave about 0.4 s apart (standard/cktracetimes.h's test, as
    FromDump's)."""
    cells = [struct.pack("!II", 1000, 0) + _ip(1), struct.pack("!II", 1000, 400000) + _ip(2)]
    (tmp_path / "t.tsh").write_bytes(b"".join(cells))
    config = """
f :: FromNLANRDump(t.tsh, STOP true, TIMING true) -> SetTimestamp -> ToDump(out.pcap, ENCAP IP);
"""
    p = run_config(tmp_path, config)
    assert p.returncode == 0, p.stderr
    (s0, n0, _), (s1, n1, _) = read_pcap(tmp_path / "out.pcap")[1]
    assert 0.35 <= (s1 - s0) + (n1 - n0) / 1e9 <= 2.0
