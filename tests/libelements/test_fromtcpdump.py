"""FromTcpdump (issue 19): lines of tcpdump text become IPv4 packets with the headers they
describe (TCP flags, sequence numbers made absolute with tcpdump's heuristic, options, UDP
lengths, the trailing TOS/DF/TTL/ID groups), the payload length in the IP length and the
extra-length annotation, checksums with CHECKSUM, a parse error reported once (Click's
elements/analysis/fromtcpdump.cc)."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

from tests.pktlib import cksum, read_pcap

from .harness import run

DUMP = """\
# a comment line
1.000001 10.0.0.1.1000 > 10.0.0.2.80: S 100:100(0) win 512 <mss 1460,nop,wscale 2> (DF) [ttl 64]
1.5 10.0.0.2.80 > 10.0.0.1.1000: S 7000:7000(0) ack 101 win 1024
2.25 10.0.0.1.1000 > 10.0.0.2.80: P 1:11(10) ack 1 win 512 (DF)
this line is not tcpdump's
3 10.0.0.3.53 > 10.0.0.4.5353: udp 12 [tos 0x10] (ttl 9, id 77)
4 10.0.0.5 > 10.0.0.6: icmp: echo request (ttl 3)
"""

CONFIG = """
f :: FromTcpdump($DUMP, STOP true, CHECKSUM true) -> ToDump($OUT/out.pcap, ENCAP IP);
"""


def _ip(proto: int, src: str, dst: str, total: int, ttl: int = 2, off: int = 0, tos: int = 0,
        ident: int = 0) -> bytes:
    s = bytes(int(x) for x in src.split("."))
    d = bytes(int(x) for x in dst.split("."))
    h = struct.pack("!BBHHHBBH4s4s", 0x45, tos, total, ident, off, ttl, proto, 0, s, d)
    return h[:10] + struct.pack("!H", cksum(h)) + h[12:]


def _seg(ip: bytes, seg: bytes, off: int) -> bytes:
    pseudo = ip[12:20] + struct.pack("!BBH", 0, ip[9], len(seg))
    return ip + seg[:off] + struct.pack("!H", cksum(pseudo + seg)) + seg[off + 2:]


def _tcp(sport: int, dport: int, seq: int, ack: int, flags: int, win: int,
         opts: bytes = b"") -> bytes:
    return struct.pack("!HHIIBBHHH", sport, dport, seq, ack, (20 + len(opts)) // 4 << 4, flags,
                       win, 0, 0) + opts


def test_fromtcpdump(tmp_path: Path) -> None:
    dump = tmp_path / "dump.txt"
    dump.write_text(DUMP)
    cfg = CONFIG.replace("$DUMP", str(dump))
    r = run(tmp_path, cfg, [], ["f.filepos", "f.filesize", "f.encap"], sanitized=True)
    opts = bytes([2, 4, 0x05, 0xB4, 1, 3, 3, 2])
    want = [
        _seg(_ip(6, "10.0.0.1", "10.0.0.2", 48, ttl=64, off=0x4000),
             _tcp(1000, 80, 100, 0, 0x02, 512, opts), 16),
        _seg(_ip(6, "10.0.0.2", "10.0.0.1", 40), _tcp(80, 1000, 7000, 101, 0x12, 1024), 16),
        # relative numbers: 1 + 100 (the first SYN), ack 1 + 7000
        _seg(_ip(6, "10.0.0.1", "10.0.0.2", 50, off=0x4000),
             _tcp(1000, 80, 101, 7001, 0x18, 512), 16),
        _seg(_ip(17, "10.0.0.3", "10.0.0.4", 40, ttl=9, tos=0x10, ident=77),
             struct.pack("!HHHH", 53, 5353, 20, 0), 6),
        _ip(1, "10.0.0.5", "10.0.0.6", 20, ttl=3),
    ]
    got = read_pcap(tmp_path / "out" / "out.pcap")[1]
    assert [d for _, _, d in got] == want
    assert [(s, ns) for s, ns, _ in got] == [(1, 1000), (1, 500000000), (2, 250000000),
                                             (3, 0), (4, 0)]
    assert r.stderr.count("packet parse error") == 1
    assert f"{dump}:5: packet parse error" in r.stderr
    assert r.handlers == {"f.filepos": str(len(DUMP)), "f.filesize": str(len(DUMP)),
                          "f.encap": "IP"}


def test_fromtcpdump_gzip_and_warning(tmp_path: Path) -> None:
    dump = tmp_path / "dump.txt.gz"
    dump.write_bytes(gzip.compress(("header line\n" + DUMP).encode()))
    r = run(tmp_path, CONFIG.replace("$DUMP", str(dump)), [], ["f.filesize"])
    assert "first line suspicious; is this a tcpdump output file?" in r.stderr
    # Click's FromFile::warning names the file ($CLICK_PREFIX/bin/click on this configuration)
    assert f"{dump}:   warning: first line suspicious; is this a tcpdump output file?\n" \
        in r.stderr
    assert len(r.frames("out")) == 5
    assert r.handlers["f.filesize"] == "-"
