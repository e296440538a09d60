"""FromDPDKDevice/ToDPDKDevice with DPDK virtual devices and no hugepages (no hardware).

* net_pcap: the router forwards a real capture pcap-to-pcap through DPDK ports
  (``--vdev=net_pcap0,rx_pcap=IN,tx_pcap=OUT``) and writes the same frames as the same router
  with FromDump/ToDump.
* net_ring: a ring port loops what ToDPDKDevice sends back to FromDPDKDevice in one router.
* net_memif: two routers joined by a memif link (shared memory over a unix socket; net_ring
  between processes needs DPDK's multi-process mode, hence hugepages): what one sends, the
  other receives.
* Without DPDK's development files, a router with DPDK elements gets a clear clickc error and
  one without them still builds.

EAL arguments follow ``--dpdk`` and end with ``--`` (FastClick's convention).  Needs DPDK
(pkg-config libdpdk and its net_pcap/net_ring drivers); skipped with the reason otherwise.
"""

from __future__ import annotations

import json
import os
import signal
import struct
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from io_harness import ROUTER_BODY, capture, compile_router, frames, handler

pytestmark = pytest.mark.serial  # DPDK ports polled in real time


def _why_no_dpdk() -> str | None:
    r = subprocess.run(["pkg-config", "--exists", "libdpdk"], capture_output=True)
    if r.returncode != 0:
        return "DPDK development files are not installed (dpdk-dev libdpdk-dev)"
    return None


needs_dpdk = pytest.mark.skipif(_why_no_dpdk() is not None, reason=str(_why_no_dpdk()))


def eal(*vdevs: str) -> list[str]:
    """EAL arguments for a run without hugepages or PCI devices, with a unique file prefix."""
    return ["--dpdk", "--no-huge", "--no-pci", "-m", "256", "--no-telemetry",
            "--log-level=error", f"--file-prefix=ckio{uuid.uuid4().hex[:8]}",
            *[f"--vdev={v}" for v in vdevs], "--"]


def run_for(argv: list[str], seconds: float) -> str:
    """Run a router that never stops by itself (a DPDK port has no end) for ``seconds``, then
    SIGTERM it; its standard output (-h values)."""
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = p.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=30)
    assert p.returncode == 0, err
    return out


DPDK_BODY = ROUTER_BODY.replace("q -> sink;", "q -> Unqueue(BURST 32) -> sink;")


@needs_dpdk
@pytest.mark.parametrize("name,count", [("tcpdump-afs.pcap", 601),
                                        ("tcpdump-various_gre.pcap", 100)])
def test_net_pcap_forward_matches_pcap_elements(tmp_path: Path, name: str, count: int) -> None:
    cap = capture(name)
    exp = compile_router(f'src :: FromDump("{cap}");\nsink :: ToDump("{tmp_path}/exp.pcap");\n'
                         + DPDK_BODY, tmp_path / "exp")
    r = subprocess.run([str(exp)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    prog = compile_router("src :: FromDPDKDevice(net_pcap0, BURST 32);\n"
                          "sink :: ToDPDKDevice(net_pcap0);\n" + DPDK_BODY, tmp_path / "dpdk")
    out_pcap = tmp_path / "out.pcap"
    out = run_for([str(prog), "-h", "src.count", "-h", "sink.count", "-h", "src.hw_count",
                   *eal(f"net_pcap0,rx_pcap={cap},tx_pcap={out_pcap}")], 3.0)
    expected = frames(tmp_path / "exp.pcap")
    assert len(expected) == count
    assert handler(out, "src.count") == count
    assert handler(out, "src.hw_count") == count
    assert handler(out, "sink.count") == count
    assert frames(out_pcap) == expected


ZC_BODY = """
src -> cl :: Classifier(12/0800, -);
cl[0] -> Strip(14) -> CheckIPHeader -> dec :: DecIPTTL
  -> EtherEncap(0x0800, 00:01:02:03:04:05, 00:0a:0b:0c:0d:0e) -> t :: Tee(2) -> q :: Queue(8192);
t[1] -> Discard;
cl[1] -> q;
dec[1] -> Discard;
q -> Unqueue(BURST 32) -> sink;
"""


@needs_dpdk
@pytest.mark.parametrize("mode", ["zero-copy", "copy"])
def test_zero_copy_edits_the_mbuf_in_place(tmp_path: Path, mode: str) -> None:
    """Received packets stay in their mbufs (docs/io.md, "Zero-copy DPDK"): DecIPTTL rewrites
    the mbuf, EtherEncap pushes into its headroom after Strip, Tee's clone shares it until the
    original is dropped, and ToDPDKDevice sends the same mbuf back out.  The frames equal the
    FromDump/ToDump router's, with and without -DCK_DPDK_COPY, and --stats says which path the
    packets took."""
    cap = capture("tcpdump-afs.pcap")
    exp = compile_router(f'src :: FromDump("{cap}");\nsink :: ToDump("{tmp_path}/exp.pcap");\n'
                         + ZC_BODY, tmp_path / "exp")
    r = subprocess.run([str(exp)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    flags = ["--cflags=-DCK_DPDK_COPY"] if mode == "copy" else []
    prog = compile_router("src :: FromDPDKDevice(net_pcap0, BURST 32);\n"
                          "sink :: ToDPDKDevice(net_pcap0);\n" + ZC_BODY, tmp_path / "dpdk",
                          *flags)
    out_pcap, stats = tmp_path / "out.pcap", tmp_path / "stats.json"
    out = run_for([str(prog), f"--stats={stats}", "-h", "sink.count", "-h", "src.count",
                   *eal(f"net_pcap0,rx_pcap={cap},tx_pcap={out_pcap}")], 3.0)
    expected = frames(tmp_path / "exp.pcap")
    assert handler(out, "sink.count") == len(expected) == 601
    assert frames(out_pcap) == expected
    pool = json.loads(stats.read_text())["pool"]
    if mode == "copy":
        assert pool["wrapped"] == pool["detached"] == 0, pool
    else:
        assert pool["wrapped"] == pool["detached"] == 601, pool


@needs_dpdk
def test_pool_holds_an_infinite_rx_capture(tmp_path: Path) -> None:
    """The mbuf pool is sized from the configuration (docs/io.md): net_pcap with infinite_rx=1
    keeps all 20,000 records of its capture in mbufs (more than the 16383 of the smallest
    pool), and its Queue can fill, so the router starts and forwards."""
    cap = tmp_path / "many.pcap"
    rec = bytes.fromhex("ffffffffffff020000000001" "0800") + bytes(46)
    with cap.open("wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for i in range(20000):
            f.write(struct.pack("<IIII", i, 0, len(rec), len(rec)) + rec)
    prog = compile_router("src :: FromDPDKDevice(net_pcap0, BURST 32);\n"
                          "src -> q :: Queue(2000) -> Unqueue(BURST 32) -> c :: Counter "
                          "-> Discard;", tmp_path / "pool")
    out = run_for([str(prog), "-h", "c.count", "-h", "src.hw_dropped",
                   *eal(f"net_pcap0,rx_pcap={cap},infinite_rx=1")], 3.0)
    assert handler(out, "c.count") > 20000
    assert handler(out, "src.hw_dropped") == 0


@needs_dpdk
@pytest.mark.parametrize("mode", ["per-packet", "vector"])
def test_vector_mode_through_dpdk(tmp_path: Path, mode: str) -> None:
    """FromDPDKDevice's bursts cross a vector region (docs/batching.md "Vector mode", forced
    with vector_gain=0): the frames sent equal the FromDump/ToDump router's."""
    cap = capture("tcpdump-afs.pcap")
    body = ("src -> cl :: Classifier(12/0800, -);\n"
            "cl[0] -> Strip(14) -> CheckIPHeader -> rt :: RadixIPLookup(0.0.0.0/1 0, "
            "128.0.0.0/1 1) -> d :: DecIPTTL -> EtherEncap(0x0800, 00:01:02:03:04:05, "
            "00:0a:0b:0c:0d:0e) -> q :: Queue(8192);\n"
            "rt[1] -> d; cl[1] -> q; d[1] -> Discard;\nq -> Unqueue(BURST 32) -> sink;\n")
    exp = compile_router(f'src :: FromDump("{cap}");\nsink :: ToDump("{tmp_path}/exp.pcap");\n'
                         + body, tmp_path / "exp")
    r = subprocess.run([str(exp)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    opts = ["--pass-option", "vector_gain=0"] if mode == "vector" else ["--batch", "0"]
    prog = compile_router("src :: FromDPDKDevice(net_pcap0, BURST 32);\n"
                          "sink :: ToDPDKDevice(net_pcap0);\n" + body, tmp_path / "dpdk",
                          *opts)
    if mode == "vector":
        r = subprocess.run([sys.executable, "-m", "clickc", "-O2", "--explain", *opts,
                            "--emit", "c", str(tmp_path / "dpdk.click"), "-o",
                            str(tmp_path / "dpdk.c")], capture_output=True, text=True)
        assert "src: vectors of 32" in r.stderr, r.stderr
    out_pcap = tmp_path / "out.pcap"
    out = run_for([str(prog), "-h", "sink.count", "-h", "src.count",
                   *eal(f"net_pcap0,rx_pcap={cap},tx_pcap={out_pcap}")], 3.0)
    expected = frames(tmp_path / "exp.pcap")
    assert handler(out, "sink.count") == len(expected) == 601
    assert frames(out_pcap) == expected


@needs_dpdk
def test_net_ring_loops_back(tmp_path: Path) -> None:
    cap = capture("tcpdump-afs.pcap")
    prog = compile_router(f'FromDump("{cap}") -> td :: ToDPDKDevice(net_ring0, BURST 8);\n'
                          f'fd :: FromDPDKDevice(net_ring0) -> ToDump("{tmp_path}/ring.pcap");',
                          tmp_path / "ring")
    out = run_for([str(prog), "-h", "td.count", "-h", "fd.count", *eal("net_ring0")], 3.0)
    assert handler(out, "td.count") == 601
    assert handler(out, "fd.count") == 601
    assert frames(tmp_path / "ring.pcap") == frames(cap)


@needs_dpdk
def test_net_memif_between_two_routers(tmp_path: Path) -> None:
    cap = capture("tcpdump-afs.pcap")
    sock = tmp_path / "memif.sock"
    link = f"socket={sock},socket-abstract=no"  # a socket file, so the test can wait for it
    rx = compile_router(f'fd :: FromDPDKDevice(net_memif0) -> ToDump("{tmp_path}/rx.pcap");',
                        tmp_path / "rx")
    # The sender stops by itself once its input ended and ToDPDKDevice sent everything; the
    # DriverManager then leaves the receiver a second before the link goes away.
    tx = compile_router(f'FromDump("{cap}") -> Queue(4096) -> Unqueue(BURST 32)\n'
                        "  -> td :: ToDPDKDevice(net_memif0);\n"
                        "DriverManager(wait_stop, wait 1s);", tmp_path / "tx")
    receiver = subprocess.Popen([str(rx), "-h", "fd.count",
                                 *eal(f"net_memif0,role=server,{link}")],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # The client connects once, when its port starts: wait for the server's socket.
        end = time.monotonic() + 30
        while not sock.exists() and time.monotonic() < end and receiver.poll() is None:
            time.sleep(0.05)
        assert sock.exists(), "the receiving router made no memif socket"
        s = subprocess.run([str(tx), "-h", "td.count",
                            *eal(f"net_memif0,role=client,{link}")],
                           capture_output=True, text=True, timeout=60)
        assert s.returncode == 0, s.stderr
        assert s.stdout.strip() == "601"
    finally:
        receiver.send_signal(signal.SIGTERM)
        out, err = receiver.communicate(timeout=30)
    assert receiver.returncode == 0, err
    assert out.strip() == "601"
    assert frames(tmp_path / "rx.pcap") == frames(cap)


@needs_dpdk
def test_missing_port_is_an_initialization_error(tmp_path: Path) -> None:
    prog = compile_router("FromDPDKDevice(net_pcap7) -> Discard;", tmp_path / "r")
    r = subprocess.run([str(prog), *eal()], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert "DPDK: no device named net_pcap7" in r.stderr


def test_dpdk_missing_gives_a_clear_error(tmp_path: Path) -> None:
    env = dict(os.environ, PKG_CONFIG_LIBDIR=str(tmp_path / "none"), PKG_CONFIG_PATH="")
    src = tmp_path / "d.click"
    src.write_text("FromDPDKDevice(0) -> ToDPDKDevice(0);", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "clickc", str(src), "-o", str(tmp_path / "d")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 1
    assert "libdpdk" in r.stderr
    assert "Traceback" not in r.stderr
    # A router without DPDK elements never needs DPDK.
    src.write_text("FromDump(x.pcap) -> Discard;", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "clickc", str(src), "-o", str(tmp_path / "n")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
