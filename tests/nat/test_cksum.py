"""Property tests (hypothesis) of the rewriters' incremental checksum updates (RFC 1624, as
Click's click_update_in_cksum and IPRewriterFlow's deltas) against a full recomputation.

cksum_harness.c applies elements/tcpudp/rewriter_flow.h's arithmetic to random IPv4 TCP and
UDP packets with random new source addresses and ports: after the forward rewrite the IP and
transport checksums must be what a full recomputation gives (up to the two encodings of zero,
0x0000 and 0xFFFF, which the one's-complement sum cannot tell apart), a zero UDP checksum must
stay zero, and the reply direction applied to the mirrored packet must give back the mirror of
the original byte for byte."""

from __future__ import annotations

import ctypes
import shutil
import struct
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pktlib import cksum
from tests.testlib import compile_c

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory) -> ctypes.CDLL:
    cc = shutil.which("clang") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    so = tmp_path_factory.mktemp("cksum") / "harness.so"
    compile_c(cc, "-O1", "-fPIC", "-shared", str(HERE / "cksum_harness.c"), "-o", str(so))
    return ctypes.CDLL(str(so))


def l4_offset(proto: int) -> int:
    return 20 + (16 if proto == 6 else 6)


def build(proto: int, src: bytes, dst: bytes, sport: int, dport: int, payload: bytes,
          udp_zero: bool) -> bytes:
    """A valid IPv4 packet (20-byte header) with a TCP (20-byte header) or UDP segment."""
    if proto == 6:
        l4 = struct.pack("!HHIIBBHHH", sport, dport, 1, 2, 0x50, 0x18, 1000, 0, 0) + payload
    else:
        l4 = struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + payload
    ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), 7, 0, 64, proto, 0,
                               src, dst))
    ip[10:12] = struct.pack("!H", cksum(bytes(ip)))
    seg = bytearray(l4)
    if not (proto == 17 and udp_zero):
        c = cksum(src + dst + struct.pack("!BBH", 0, proto, len(l4)) + bytes(seg))
        if proto == 17 and c == 0:
            c = 0xFFFF
        o = l4_offset(proto) - 20
        seg[o:o + 2] = struct.pack("!H", c)
    return bytes(ip) + bytes(seg)


def full(p: bytes) -> tuple[int, int]:
    """The checksums a full recomputation gives to p (fields zeroed first)."""
    proto = p[9]
    ip = bytearray(p[:20])
    ip[10:12] = b"\0\0"
    seg = bytearray(p[20:])
    o = l4_offset(proto) - 20
    seg[o:o + 2] = b"\0\0"
    return cksum(bytes(ip)), cksum(p[12:20] + struct.pack("!BBH", 0, proto, len(seg))
                                   + bytes(seg))


def same(a: int, b: int) -> bool:
    return a == b or {a, b} == {0, 0xFFFF}


def mirror(p: bytes) -> bytes:
    b = bytearray(p)
    b[12:16], b[16:20] = p[16:20], p[12:16]
    b[20:22], b[22:24] = p[22:24], p[20:22]
    return bytes(b)


addrs = st.binary(min_size=4, max_size=4)
ports = st.integers(min_value=1, max_value=65535)


@settings(max_examples=400, deadline=None)
@given(proto=st.sampled_from([6, 17]), src=addrs, dst=addrs, sport=ports, dport=ports,
       payload=st.binary(max_size=64), udp_zero=st.booleans(), nsrc=addrs, nsport=ports)
def test_incremental_equals_full(lib: ctypes.CDLL, proto: int, src: bytes, dst: bytes,
                                 sport: int, dport: int, payload: bytes, udp_zero: bool,
                                 nsrc: bytes, nsport: int) -> None:
    """Forward rewrite: checksums equal a full recomputation; reply: exact inverse."""
    orig = build(proto, src, dst, sport, dport, payload, udp_zero)
    buf = ctypes.create_string_buffer(orig, len(orig))
    nsaddr = int.from_bytes(nsrc, "little")  # the bytes as a uint32 in memory order
    nport = int.from_bytes(struct.pack("!H", nsport), "little")
    assert lib.nat_rewrite(buf, len(orig), ctypes.c_uint32(nsaddr), ctypes.c_uint16(nport),
                           None, 0) == 0
    out = buf.raw
    assert out[12:16] == nsrc and out[20:22] == struct.pack("!H", nsport)
    assert out[16:20] == dst and out[22:24] == struct.pack("!H", dport)
    ipc, l4c = full(out)
    assert same(struct.unpack("!H", out[10:12])[0], ipc)
    o = l4_offset(proto)
    got = struct.unpack("!H", out[o:o + 2])[0]
    if proto == 17 and udp_zero:
        assert got == 0
    else:
        assert same(got, l4c)
    # the far end answers (addresses and ports exchanged); the reply mapping undoes the NAT
    buf = ctypes.create_string_buffer(orig, len(orig))
    rep = ctypes.create_string_buffer(mirror(out), len(orig))
    lib.nat_rewrite(buf, len(orig), ctypes.c_uint32(nsaddr), ctypes.c_uint16(nport), rep, 1)
    back = rep.raw
    assert back[:10] == mirror(orig)[:10] and back[12:o] == mirror(orig)[12:o]
    assert same(struct.unpack("!H", back[10:12])[0], struct.unpack("!H", orig[10:12])[0])
    assert same(struct.unpack("!H", back[o:o + 2])[0], struct.unpack("!H", orig[o:o + 2])[0])
    assert back[o + 2:] == orig[o + 2:]
