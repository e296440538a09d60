"""AnonymizeIPAddr (issue 19): prefix-preserving pseudonyms (tcpdpriv -A50) drawn as Click
draws them (a Python model of the tree driven by the C library's random(), seeded as RandomSeed
seeds it), CLASS and PRESERVE_8, the special addresses, checksums kept valid, ICMP errors' quoted
headers, non-IPv4 packets on output 1, and the configuration messages (Click's
elements/analysis/anonipaddr.cc)."""

from __future__ import annotations

import ctypes
import ctypes.util
import itertools
import struct
import sys
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run


class Model:
    """The pseudonym tree, as Click's AnonymizeIPAddr builds it."""

    def __init__(self, seed: int, cls: int = 0, nets: tuple[int, ...] = ()) -> None:
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"))
        self.libc.random.restype = ctypes.c_long
        self.libc.srandom(seed)
        self.root = [1, self.rand32(), None, None]
        touched = False
        if cls:
            mask = ~(0xFFFFFFFF >> cls) & 0xFFFFFFFF
            self.root[0] = mask
            self.root[1] |= mask
            touched = True
        for net in nets:
            a = net << 24
            if not touched:
                self.root[0] = a
                self.root[1] = (self.root[1] & 0xFFFFFF) | a
                touched = True
            else:
                n = self.find(a)
                n[1] = (n[1] & 0xFFFFFF) | a

    def rand32(self) -> int:
        a, b = self.libc.random(), self.libc.random()
        return ((a << 17) ^ (b >> 14)) & 0xFFFFFFFF

    @staticmethod
    def msb(x: int) -> int:
        return 33 - x.bit_length() if x else 0

    def peer(self, a: int, n: list) -> list:  # type: ignore[type-arg]
        if a in (0, 0xFFFFFFFF):
            return [a, a, None, None]
        sw = self.msb(a ^ n[0])
        bit = (a >> (32 - sw)) & 1
        out = n[1] ^ 1 if sw == 32 else (
            (((n[1] >> (32 - sw)) ^ 1) << (32 - sw)) | ((self.rand32() & 0x7FFFFFFF) >> sw))
        new, old = [a, out, None, None], list(n)
        down = [old, new] if bit else [new, old]
        n[:] = [down[1][0], down[1][1], down[0], down[1]]
        return new

    def find(self, a: int) -> list:  # type: ignore[type-arg]
        n = self.root
        while True:
            if n[0] == a:
                return n
            if n[2] is None:
                return self.peer(a, n)
            sw = self.msb(n[2][0] ^ n[3][0])
            if self.msb(a ^ n[0]) < sw:
                return self.peer(a, n)
            n = n[3] if (a >> (32 - sw)) & 1 else n[2]


def _ip(src: int, dst: int, proto: int = 17, payload: bytes = bytes(8)) -> bytes:
    h = struct.pack("!BBHHHBBHII", 0x45, 0, 20 + len(payload), 9, 0, 64, proto, 0, src, dst)
    return h[:10] + struct.pack("!H", cksum(h)) + h[12:] + payload


ADDRS = [0x12000001, 0x12000002, 0x12010001, 0x0A000001, 0xC0A80101, 0x80000001, 0,
         0xFFFFFFFF, 0x12000001, 0xE0000005, 0x13000001]

CONFIG = """
define($IN in.pcap, $OUT .);
RandomSeed(11);
FromDump($IN, STOP true) -> Strip(14) -> MarkIPHeader -> t :: Tee(2);
t[0] -> a :: AnonymizeIPAddr -> ToDump($OUT/plain.pcap);
a[1] -> ToDump($OUT/other.pcap);
t[1] -> AnonymizeIPAddr(CLASS 4, PRESERVE_8 18) -> ToDump($OUT/kept.pcap);
"""


def _frames() -> list[bytes]:
    ips = [_ip(a, b) for a, b in zip(ADDRS, ADDRS[1:] + ADDRS[:1], strict=True)]
    err = _ip(0xC0A80101, 0x0A000001, 1,
              struct.pack("!BBHI", 3, 1, 0, 0) + _ip(0x0A000001, 0x12000002)[:28])
    err = err[:20] + err[20:22] + struct.pack("!H", cksum(err[20:])) + err[24:]
    v6 = DST + SRC + b"\x86\xdd" + bytes(40)
    return [DST + SRC + b"\x08\x00" + p for p in [*ips, err]] + [v6]


def _addrs(pkt: bytes) -> tuple[int, int]:
    return struct.unpack("!II", pkt[12:20])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's random()")
@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_pseudonyms(tmp_path: Path, sanitized: bool) -> None:
    frames = _frames()
    r = run(tmp_path, CONFIG, frames, sanitized=sanitized)
    # the IPv6 frame's network header holds no IPv4 header: output 1 / (second chain) dropped
    assert len(r.frames("other")) == 1
    # RandomSeed seeds once; the two elements initialize in order (each drawing its root and
    # placing its preserved network), then the packets visit the plain element, then the other
    plain_m = Model(11)
    kept_m = Model.__new__(Model)
    kept_m.libc = plain_m.libc
    kept_m.root = [1, kept_m.rand32(), None, None]
    mask = ~(0xFFFFFFFF >> 4) & 0xFFFFFFFF
    kept_m.root[0] = mask
    kept_m.root[1] |= mask
    n = kept_m.find(18 << 24)
    n[1] = (n[1] & 0xFFFFFF) | (18 << 24)
    got_p, got_k = r.frames("plain"), r.frames("kept")
    assert len(got_p) == len(got_k) == len(frames) - 1
    inputs = [f[14:] for f in frames[:-1]]
    for inp, gp, gk in zip(inputs, got_p, got_k, strict=True):
        s, d = _addrs(inp)
        assert _addrs(gp) == (plain_m.find(s)[1], plain_m.find(d)[1])
        assert _addrs(gk) == (kept_m.find(s)[1], kept_m.find(d)[1])
        assert cksum(gp[:20]) == 0 and cksum(gk[:20]) == 0
    # prefix preservation, the special addresses, CLASS and PRESERVE_8
    seen = {a: _addrs(p)[0] for a, p in zip([_addrs(i)[0] for i in inputs], got_p, strict=True)}
    for a, b in itertools.combinations(set(seen) - {0, 0xFFFFFFFF}, 2):
        assert Model.msb(a ^ b) == Model.msb(seen[a] ^ seen[b])
    assert seen[0] == 0 and seen[0xFFFFFFFF] == 0xFFFFFFFF
    kept = {a: _addrs(p)[0] for a, p in zip([_addrs(i)[0] for i in inputs], got_k, strict=True)}
    assert kept[0x12000001] >> 24 == 18 and kept[0x13000001] >> 24 == 19
    assert kept[0xE0000005] >> 28 == 0xE and kept[0xC0A80101] >> 29 == 0b110
    # the ICMP error: quoted addresses rewritten as the packet's, checksums valid
    icmp = got_p[-1][20:]
    assert cksum(icmp) == 0
    assert _addrs(icmp[8:]) == (plain_m.find(0x0A000001)[1], plain_m.find(0x12000002)[1])


def test_configuration_checks(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> AnonymizeIPAddr(CLASS 33) -> Discard;\n"
            "Idle -> AnonymizeIPAddr(PRESERVE_8 10 300) -> Discard;\n", [], expect_ok=False)
    assert "CLASS must be between 0 and 32" in r.stderr
    assert "PRESERVE_8 expects integer between 0 and 255" in r.stderr
