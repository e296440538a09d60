"""IPsecAuthSHA1 and SATable (issue 19).  IPsecAuthSHA1 (Click's elements/ipsec/sha1.cc):
VERIFY 0 appends the first 12 bytes of the packet's SHA1 digest (checked against Python's
hashlib), VERIFY 1 checks and removes them; a changed packet is counted in `drops`, printed
once, and leaves on output 1.  SATable (Click's elements/ipsec/satable.cc) has no ports and
takes no configuration."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.pktlib import read_pcap
from tests.testlib import SANITIZE, clickc, run_config

DATA = b"hello world, this is a test"

CONFIG = """
InfiniteSource(DATA "hello world, this is a test", LIMIT 3, STOP true)
  -> a :: IPsecAuthSHA1(0) -> ToDump(signed.pcap, ENCAP IP) -> t :: Tee;
t[0] -> v :: IPsecAuthSHA1(1) -> ToDump(verified.pcap, ENCAP IP);
t[1] -> StoreData(0, X) -> bad :: IPsecAuthSHA1(1) -> Discard; bad[1] -> c1 :: Counter -> Discard;
InfiniteSource(DATA "short", LIMIT 1, STOP false) -> s :: IPsecAuthSHA1(1) -> Discard;
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_sign_and_verify(tmp_path: Path, sanitized: bool) -> None:
    p = run_config(tmp_path, CONFIG, *(SANITIZE if sanitized else []),
                   "-h", "v.drops", "-h", "bad.drops", "-h", "c1.count", "-h", "s.drops")
    assert p.returncode == 0, p.stderr
    signed = [d for _, _, d in read_pcap(tmp_path / "signed.pcap")[1]]
    assert signed == [DATA + hashlib.sha1(DATA).digest()[:12]] * 3
    assert [d for _, _, d in read_pcap(tmp_path / "verified.pcap")[1]] == [DATA] * 3
    assert "v.drops:\n0\n" in p.stdout
    assert "bad.drops:\n3\n" in p.stdout and "c1.count:\n3\n" in p.stdout
    assert "s.drops:\n1\n" in p.stdout
    assert p.stderr.count("Invalid SHA1 authentication digest") == 2


def test_satable(tmp_path: Path) -> None:
    p = run_config(tmp_path, "t :: SATable; Idle -> Discard;\n", "-h", "t.class")
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "SATable"
    (tmp_path / "bad.click").write_text("t :: SATable(1);\n")
    p = clickc(tmp_path, "check", "bad.click")
    assert p.returncode == 1
    assert "bad.click:1: While configuring 't :: SATable':\n  too many arguments" in p.stderr
