"""FromDevice/ToDevice over AF_PACKET between veth pairs in network namespaces (no hardware).

A real capture from ../shared/pcaps is replayed into one veth, the compiled router forwards it
to another, a receiver captures it: the frames received must equal, in order and byte for
byte, what the same router writes when it reads the capture with FromDump and writes with
ToDump (tests/io/harness.py).  Needs root (namespaces); skipped with the reason otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from io_harness import capture, forward, handler, topology
from io_netns import Topology, why_not_available

pytestmark = [pytest.mark.serial,  # a sender, a router and a receiver on veth pairs in real time
              pytest.mark.skipif(why_not_available() is not None,
                                 reason=str(why_not_available()))]


@pytest.fixture
def topo() -> Iterator[Topology]:
    """A fresh topology, links of 9000 bytes."""
    yield from topology(9000)


@pytest.mark.parametrize("tx", ["TX_RING true", "TX_RING false"])
def test_forward_afs_capture(topo: Topology, tmp_path: Path, tx: str) -> None:
    # 601 AFS/UDP frames, 200 of them IPv4 fragments, up to 1514 bytes.
    r = forward(topo, tmp_path, capture("tcpdump-afs.pcap"), "FromDevice(r0, BURST 32)",
                f"ToDevice(r1, BURST 32, {tx})",
                router_handlers=("src.count", "src.kernel_drops", "src.kernel_packets",
                                 "sink.count"))
    assert r.sent == 601
    assert len(r.expected) == 601
    assert r.received == r.expected
    assert handler(r.router_out, "src.count") == 601
    assert handler(r.router_out, "sink.count") == 601
    assert handler(r.router_out, "src.kernel_drops") == 0
    assert handler(r.router_out, "src.kernel_packets") == 601  # PACKET_STATISTICS
    assert handler(r.receiver_out, "fd.count") == 601


def test_forward_vlan_and_llc_frames(topo: Topology, tmp_path: Path) -> None:
    # 802.1Q-tagged frames (the kernel takes the tag off; FromDevice puts it back), GRE, LLC.
    r = forward(topo, tmp_path, capture("tcpdump-various_gre.pcap"), "FromDevice(r0)",
                "ToDevice(r1)")
    assert len(r.expected) == 100
    assert r.received == r.expected


def test_bpf_filter_and_burst_1(topo: Topology, tmp_path: Path) -> None:
    # BPF_FILTER (compiled by libpcap, attached to the socket) keeps only the ICMP frames.
    r = forward(topo, tmp_path, capture("tcpdump-afs.pcap"),
                'FromDevice(r0, BPF_FILTER "icmp")', "ToDevice(r1)", arriving=25)
    icmp = [f for f in r.expected if len(f) > 23 and f[12:14] == b"\x08\x00" and f[23] == 1
            and (int.from_bytes(f[20:22], "big") & 0x1FFF) == 0]
    assert len(icmp) == 25
    assert r.received == icmp


def test_fanout_on_two_threads(topo: Topology, tmp_path: Path) -> None:
    # -j 2: each FromDevice -> Queue -> ToDevice path on its own thread (clickc's placement),
    # the two sockets sharing r0's flows by PACKET_FANOUT_HASH.
    body = """
src -> q0 :: Queue(8192) -> sink;
f1 :: FromDevice(r0, BURST 32, FANOUT true) -> q1 :: Queue(8192) -> t1 :: ToDevice(r1, BURST 32);
"""
    r = forward(topo, tmp_path, capture("tcpdump-afs.pcap"),
                "FromDevice(r0, BURST 32, FANOUT true)", "ToDevice(r1, BURST 32)",
                sockets=4, body=body, expected_body="src -> Queue(8192) -> sink;",
                router_handlers=("src.count", "f1.count", "sink.count", "t1.count"), threads=2)
    assert len(r.received) == 601
    assert sorted(r.received) == sorted(r.expected)
    assert handler(r.router_out, "src.count") + handler(r.router_out, "f1.count") == 601


def test_polldevice_polls_the_ring(topo: Topology, tmp_path: Path) -> None:
    # PollDevice (Click's kernel poller) reads the same AF_PACKET ring in a clickc router.
    r = forward(topo, tmp_path, capture("tcpdump-afs.pcap"), "PollDevice(r0, 32)",
                "ToDevice(r1, BURST 32)", router_handlers=("src.count", "src.calls"))
    assert len(r.expected) == 601
    assert r.received == r.expected
    assert handler(r.router_out, "src.count") == 601


def test_unknown_device_is_an_initialization_error(tmp_path: Path) -> None:
    import subprocess

    from io_harness import compile_router

    prog = compile_router("FromDevice(cknosuchdev0) -> Discard;", tmp_path / "r")
    r = subprocess.run([str(prog)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 1
    assert "cknosuchdev0: unknown device" in r.stderr
    assert "While initializing" in r.stderr


def test_fanout_shares_flows_between_sockets(topo: Topology, tmp_path: Path) -> None:
    # Two FromDevice elements with FANOUT true on r0: every frame reaches exactly one of them
    # (PACKET_FANOUT_HASH keeps a flow on one socket), so together they forward the capture.
    body = """
f1 :: FromDevice(r0, BURST 32, FANOUT true);
src -> q :: Queue(8192); f1 -> q;
q -> sink;
"""
    r = forward(topo, tmp_path, capture("tcpdump-afs.pcap"),
                "FromDevice(r0, BURST 32, FANOUT true)", "ToDevice(r1, BURST 32)",
                sockets=3, body=body, expected_body="src -> Queue(8192) -> sink;")
    assert len(r.expected) == 601
    assert len(r.received) == 601
    assert sorted(r.received) == sorted(r.expected)
