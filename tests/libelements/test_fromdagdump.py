"""FromDAGDump (issue 19; Click's elements/analysis/fromdagdump.cc): crafted ERF records
(Ethernet, HDLC/POS, ATM), legacy ATM cells and a dump whose first record has an odd type; the
packets, timestamps (ERF fractions rounded as Click), wire lengths (EXTRA_LENGTH), FORCE_IP's
output 1 and the handlers.  The expectations were recorded from Click (tests/libelements/
clickoracle.py runs it again with CLICK_PREFIX set)."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

import pytest

from tests.libelements.clickoracle import run_click, sha256
from tests.pktlib import cksum, read_pcap
from tests.testlib import SANITIZE, clickc, run_config


def _ip(n: int, ident: int) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 28 + n, ident, 0, 64, 17, 0,
                    bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
    h = h[:10] + struct.pack("!H", cksum(h)) + h[12:]
    return h + struct.pack("!HHHH", 1000, 2000, 8 + n, 0) + bytes(range(n))


def _rec(sec: int, frac: int, typ: int, body: bytes, wlen: int, pad: bytes = b"") -> bytes:
    """An ERF record: little-endian timestamp, type, flags, rlen, lctr, wlen, then the body."""
    return (struct.pack("<Q", (sec << 32) | frac)
            + struct.pack("!BBHHH", typ, 0, 16 + len(pad) + len(body), 0, wlen) + pad + body)


def _cell(sec: int, body: bytes) -> bytes:
    """A legacy 64-byte cell (type 0): 8 bytes of timestamp, 8 of header, 48 of cell."""
    return struct.pack("<Q", sec << 32) + bytes(8) + (body + bytes(48))[:48]


ETH = bytes.fromhex("020000000002020000000001")
IPF = ETH + b"\x08\x00" + _ip(18, 1)
ARP = ETH + b"\x08\x06" + bytes(28)
SNAP = bytes.fromhex("aaaa030000000800")


def _write(tmp: Path) -> None:
    hdlc = b"\x0f\x00\x08\x00" + _ip(10, 2)
    atm = bytes(4) + _ip(24, 3)
    (tmp / "t.erf").write_bytes(
        _rec(1000, 0x80000000, 2, IPF, len(IPF) + 4, b"\0\0")
        + _rec(1001, 0x40000000, 1, hdlc, len(hdlc) + 100)
        + _rec(1002, 0, 3, atm, len(atm))
        + _rec(1003, 0xFFFFFFFF, 2, ARP, len(ARP) + 4, b"\0\0")
        + _rec(1004, 1, 2, IPF, len(IPF) + 4, b"\0\0"))
    (tmp / "a.dag").write_bytes(_cell(2000, SNAP + _ip(18, 5))
                                + _cell(2001, bytes.fromhex("aaaa030000000806") + bytes(28))
                                + _cell(2002, SNAP + _ip(4, 6)))
    (tmp / "o.erf").write_bytes(_rec(3000, 0, 9, bytes(48), 0)
                                + _rec(3001, 0, 2, IPF, len(IPF) + 4, b"\0\0"))


CONFIGS = {
    "erf": "f :: FromDAGDump(t.erf, STOP true) -> ToDump(out.pcap, ENCAP ETHER);",
    "erf_force_ip": "f :: FromDAGDump(t.erf, STOP true, FORCE_IP true) -> "
                    "ToDump(out.pcap, ENCAP ETHER);\n"
                    "f[1] -> c1 :: Counter -> ToDump(out1.pcap, ENCAP ETHER);",
    "legacy_atm": "f :: FromDAGDump(a.dag, STOP true, FORCE_IP true) -> "
                  "ToDump(out.pcap, ENCAP ATM);\n"
                  "f[1] -> c1 :: Counter -> ToDump(out1.pcap, ENCAP ATM);",
    "odd_type": "f :: FromDAGDump(o.erf, STOP true) -> ToDump(out.pcap, ENCAP ATM);",
}

#: Click's results: handler output (encap, filepos) and the sha256 of out.pcap and out1.pcap.
EXPECTED = {
    "erf": ("ETHER", "346", "d4dd5dac36b2efdb35eec90a82db5093f27f34e4b62a91bad4654be9933869c6",
            None),
    "erf_force_ip": ("ETHER", "346",
                     "91e4e6cdd31e46a930b86c53df89a298280d8f49ec75b51773cfda26a7a113cf",
                     "27cc16b195a3484800a994751e957bc55dd3bb3f7ae6f77e9896e709c274e704"),
    "legacy_atm": ("ATM", "192", "a188d0683f51f50b01bcb0497b97590ce17e39b29d64bd9c3192f96f138a3740",
                   "a6e81c589bae535cd11bb3b40aa2f252b35019deb6dd8067c95fc5f0a0ffcc8a"),
    "odd_type": ("ATM", "142", "dcb13dc3b7c723e120543788cb3db4a535d328f8fa0dbeed5eac13329ccbc7e2",
                 None),
}

HANDLERS = ["-h", "f.encap", "-h", "f.filepos"]


def _check(tmp: Path, case: str, p: subprocess.CompletedProcess[str]) -> None:
    assert p.returncode == 0, p.stderr
    encap, filepos, digest, digest1 = EXPECTED[case]
    assert p.stdout == f"f.encap:\n{encap}\n\nf.filepos:\n{filepos}\n\n"
    assert sha256(tmp / "out.pcap") == digest
    if digest1:
        assert sha256(tmp / "out1.pcap") == digest1
    if case == "odd_type":
        assert "warning: odd DAG cell type 9, assuming old-style ATM encapsulation" in p.stderr
        assert "(To avoid this warning, specify an explicit ENCAP.)" in p.stderr


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("case", list(CONFIGS))
def test_dag(tmp_path: Path, case: str, sanitized: bool) -> None:
    if sanitized and case in ("erf", "odd_type"):
        pytest.skip("the sanitized runs cover the two FORCE_IP cases")
    _write(tmp_path)
    p = run_config(tmp_path, CONFIGS[case] + "\n", *(SANITIZE if sanitized else []), *HANDLERS)
    _check(tmp_path, case, p)


@pytest.mark.parametrize("case", list(CONFIGS))
def test_dag_click(tmp_path: Path, case: str) -> None:
    """The same expectations hold for Click."""
    _write(tmp_path)
    _check(tmp_path, case, run_click(tmp_path, CONFIGS[case] + "\n", *HANDLERS))


def test_checks(tmp_path: Path) -> None:
    (tmp_path / "a.click").write_text("FromDAGDump(x.erf, ENCAP FDDI) -> Discard;\n")
    p = clickc(tmp_path, "check", "a.click")
    assert p.returncode == 1 and "bad encapsulation type" in p.stderr
    (tmp_path / "b.click").write_text(
        "f :: FromDAGDump(x.erf, STOP true, END_CALL f.stop) -> Discard;\n")
    p = clickc(tmp_path, "check", "b.click")
    assert p.returncode == 1 and "END_CALL and STOP are mutually exclusive" in p.stderr


WINDOW = """f :: FromDAGDump(t.erf, END_AFTER 1.2) -> c :: Counter -> ToDump(out.pcap, ENCAP ETHER);
Script(wait 0.3, print c.count, write f.extend_interval 2, wait 0.3, print c.count, stop);
"""
#: Click's run: END_AFTER stops after two records (the third, past the end, is kept), writing
#: extend_interval lets that one out, then the new end stops again.
WINDOW_OUT = "2\n3\nfalse\n"


def _check_window(tmp: Path, p: subprocess.CompletedProcess[str]) -> None:
    assert p.returncode == 0, p.stderr
    assert p.stdout == WINDOW_OUT
    assert [s for s, _, _ in read_pcap(tmp / "out.pcap")[1]] == [1000, 1001, 1002]


def test_window(tmp_path: Path) -> None:
    _write(tmp_path)
    _check_window(tmp_path, run_config(tmp_path, WINDOW, "-h", "f.active"))


def test_window_click(tmp_path: Path) -> None:
    _write(tmp_path)
    _check_window(tmp_path, run_click(tmp_path, WINDOW, "-h", "f.active"))
