"""The example routers compiled by clickc and run on real captures from ../shared/pcaps.

- iprouter.click, iprouter4.click and the generated RouterBench router: standard output and
  every output capture equal what Click's userlevel driver produced (expected/*.json,
  recorded by cases.record with the command kept in each file; cases.py says how captures are
  compared), after `clickc -O2`.
- iprouter.click on the bundled capture (no ../shared needed): every IPv4 packet of the
  synthetic capture goes out eth1 with TTL decremented and the next hop's Ethernet address,
  or, when its TTL expires, becomes an ICMP time-exceeded error to its source.
- qos.click: the classification counts are exact, nothing of high priority is dropped while
  both lower priorities lose packets, every packet is accounted for, and the run lasts at
  least as long as the link rate allows for the bytes it sent.
- qos-replicated.click (Fig. 16) at -j 2: the same classification counts as qos.click, both
  replicas carry traffic, nothing of high priority is dropped, every packet is accounted for.
- make-routerbench.py: ClassBench lines become the IPFilter rules described in its docstring.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import dpkt
import pytest

from .cases import CASES, EXPECTED, PCAPS, REPO, ROUTERBENCH_ARGS, SHARED, capture_digest, command

CLICKC = [sys.executable, "-m", "clickc"]
needs_shared = pytest.mark.skipif(not PCAPS.is_dir(), reason="../shared/pcaps not present")


def _build(config: Path, prog: Path) -> None:
    r = subprocess.run([*CLICKC, "-O2", str(config), "-o", str(prog)], cwd=REPO,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]


@needs_shared
@pytest.mark.parametrize("name", list(CASES))
def test_against_click(name: str, tmp_path: Path) -> None:
    config, _, _ = CASES[name]
    if config == "routerbench":
        if not (SHARED / "rules").is_dir() or not (SHARED / "routes").is_dir():
            pytest.skip("../shared/rules or ../shared/routes not present")
        cfg = tmp_path / "routerbench.click"
        r = subprocess.run([sys.executable, str(REPO / "examples" / "make-routerbench.py"),
                            *ROUTERBENCH_ARGS, "-o", str(cfg)], capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, r.stderr
    else:
        cfg = REPO / config
    prog = tmp_path / "router"
    _build(cfg, prog)
    out = tmp_path / "out"
    out.mkdir()
    exp = json.loads((EXPECTED / f"{name}.json").read_text())
    cmd = command([str(prog)], cfg, name, out)[0:1] + command([str(prog)], cfg, name, out)[2:]
    p = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=300)
    assert p.returncode == exp["status"], p.stderr[-3000:]
    assert p.stdout == exp["stdout"]
    files = {f.name: capture_digest(f) for f in sorted(out.glob("*.pcap"))}
    assert files == exp["files"]


def test_iprouter_bundled_capture(tmp_path: Path) -> None:
    prog = tmp_path / "router"
    _build(REPO / "examples" / "iprouter.click", prog)
    e0, e1 = tmp_path / "e0.pcap", tmp_path / "e1.pcap"
    p = subprocess.run([str(prog), f"OUT0={e0}", f"OUT1={e1}"], cwd=REPO, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    with (REPO / "examples" / "iprouter-in.pcap").open("rb") as f:
        ins = [buf for _, buf in dpkt.pcap.Reader(f)]
    n = len(ins)
    assert p.stdout.splitlines()[:2] == [f"eth0 in: {n} out: 0", "eth1 in: 1 out: " + str(n + 1)]
    with e1.open("rb") as f:
        outs = [buf for _, buf in dpkt.pcap.Reader(f)]
    arp = [o for o in outs if o[12:14] == b"\x08\x06"]
    ip = [o for o in outs if o[12:14] == b"\x08\x00"]
    assert len(arp) == 1 and arp[0][20:22] == b"\x00\x01"  # the one ARP query for the next hop
    assert len(ip) == n
    expired = 0
    for a, b in zip(ins, ip, strict=True):
        # next hop 52:54:00:12:35:fe, from eth1 52:54:00:12:35:10
        assert b[:12] == bytes.fromhex("5254001235fe" "525400123510")
        ia, ib = dpkt.ip.IP(a[14:]), dpkt.ip.IP(b[14:])
        if ia.ttl > 1:  # forwarded: one hop less, otherwise the same packet
            assert ib.ttl == ia.ttl - 1 and ib.src == ia.src and ib.dst == ia.dst
            assert bytes(ib.data) == bytes(ia.data)
        else:  # ICMP time exceeded from eth1's address back to the source (default route)
            expired += 1
            assert ib.p == 1 and ib.data.type == 11 and ib.dst == ia.src
            assert ib.src == bytes([198, 51, 100, 1])
            assert bytes(ib.data)[8:8 + 28] == a[14:14 + 28]  # the offending header
    assert f"ICMP errors: {expired}" in p.stdout and expired > 0


@needs_shared
def test_qos_router(tmp_path: Path) -> None:
    prog = tmp_path / "qos"
    _build(REPO / "examples" / "qos.click", prog)
    e0, e1 = tmp_path / "e0.pcap", tmp_path / "e1.pcap"
    start = time.monotonic()
    p = subprocess.run([str(prog), f"IN={PCAPS / 'ndpi-gnutella.pcap'}", f"OUT0={e0}",
                        f"OUT1={e1}", "LINK=2Mbps"], cwd=REPO, capture_output=True, text=True,
                       timeout=300)
    elapsed = time.monotonic() - start
    assert p.returncode == 0, p.stderr
    v = {m[0]: (int(m[1]), int(m[2])) for m in
         re.findall(r"^(high|medium|low): (\d+) dropped (\d+)$", p.stdout, re.M)}
    # classification is exact (Click printed the same: `click examples/qos.click
    # IN=../shared/pcaps/ndpi-gnutella.pcap` -> high 882, medium 1142, low 353)
    assert {k: c for k, (c, _) in v.items()} == {"high": 882, "medium": 1142, "low": 353}
    assert v["high"][1] == 0
    assert v["medium"][1] > 0 and v["low"][1] > 0
    m = re.search(r"^eth1 in: (\d+) out: (\d+)$", p.stdout, re.M)
    assert m
    with e1.open("rb") as f:
        frames = [buf for _, buf in dpkt.pcap.Reader(f)]
    ip = [b for b in frames if b[12:14] == b"\x08\x00"]
    # every uplink packet either went out or was dropped by one of the queues
    assert len(ip) == sum(c - d for c, d in v.values())
    # the link sent its bytes at no more than 2 Mbps (less a 20 ms burst and the start)
    sent = sum(len(b) - 14 for b in ip)
    assert elapsed >= (sent - 2 * 5000) / 250000 * 0.9
    assert "link rate: 2.001Mbps" in p.stdout


@needs_shared
def test_replicated_qos_router(tmp_path: Path) -> None:
    prog = tmp_path / "qos16"
    r = subprocess.run([*CLICKC, "-O2", "-j", "2", str(REPO / "examples" / "qos-replicated.click"),
                        "-o", str(prog)], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    e0, e1 = tmp_path / "e0.pcap", tmp_path / "e1.pcap"
    p = subprocess.run([str(prog), f"IN={PCAPS / 'ndpi-gnutella.pcap'}", f"OUT0={e0}",
                        f"OUT1={e1}", "LINK=2Mbps"], cwd=REPO, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    v = {m[0]: (int(m[1]), int(m[2])) for m in
         re.findall(r"^(high|medium|low): (\d+) dropped (\d+)$", p.stdout, re.M)}
    # the replicas classify exactly as qos.click's one classifier does (see test_qos_router)
    assert {k: c for k, (c, _) in v.items()} == {"high": 882, "medium": 1142, "low": 353}
    assert v["high"][1] == 0
    reps = re.search(r"^replica packets: (\d+) (\d+)$", p.stdout, re.M)
    assert reps and int(reps[1]) > 0 and int(reps[2]) > 0
    assert int(reps[1]) + int(reps[2]) == 882 + 1142 + 353
    with e1.open("rb") as f:
        ip = [buf for _, buf in dpkt.pcap.Reader(f) if buf[12:14] == b"\x08\x00"]
    assert len(ip) == sum(c - d for c, d in v.values())


def _load_make_routerbench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_routerbench",
                                                  REPO / "examples" / "make-routerbench.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_classbench_conversion() -> None:
    mb = _load_make_routerbench()
    r = mb.classbench_rule("@176.19.181.33/32\t90.145.23.0/24\t0 : 65535\t1550 : 1550\t"
                           "0x06/0xFF\t0x0000/0x0200\t", "x:1")
    assert r == "src net 176.19.181.33/32 && dst net 90.145.23.0/24 && ip proto 6 && dst port 1550"
    r = mb.classbench_rule("@0.0.0.0/0 10.0.0.0/8 1024 : 65535 0 : 1023 0x00/0x00 0x0/0x0", "x:2")
    assert r == "dst net 10.0.0.0/8 && src port >= 1024 && dst port <= 1023"
    assert mb.classbench_rule("@0.0.0.0/0 0.0.0.0/0 0 : 65535 0 : 65535 0x00/0x00 0/0", "x") == ""
    with pytest.raises(mb.FormatError, match="x:3"):
        mb.classbench_rule("@1.2.3.4/33 0.0.0.0/0 0 : 1 0 : 1 0x00/0x00 0/0", "x:3")
    assert mb.route_entry("1.0.4.0/24 56203", "r:1") == "1.0.4.0/24 3"
    assert mb.route_entry("2001:db8::/32 1", "r:2") is None
    with pytest.raises(mb.FormatError):
        mb.route_entry("1.2.3/24x 5", "r:3")
