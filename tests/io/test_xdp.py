"""FromDevice/ToDevice METHOD XDP (AF_XDP through libxdp, copy mode on veth) in network
namespaces: the router forwards a real capture between two veths with AF_XDP sockets and the
frames received equal what the same router writes with FromDump/ToDump (io_harness.py).
Needs root and libxdp/libbpf (pkg-config); skipped with the reason otherwise."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from io_harness import capture, forward, handler, topology
from io_netns import Topology, why_not_available


def _why_no_xdp() -> str | None:
    why = why_not_available()
    if why:
        return why
    if shutil.which("pkg-config") is None:
        return "pkg-config is not installed"
    r = subprocess.run(["pkg-config", "--exists", "libxdp", "libbpf"])
    if r.returncode != 0:
        return "libxdp/libbpf development packages are not installed (libxdp-dev libbpf-dev)"
    return None


pytestmark = [pytest.mark.serial,  # a sender, a router and a receiver on veth pairs in real time
              pytest.mark.skipif(_why_no_xdp() is not None, reason=str(_why_no_xdp()))]


@pytest.fixture
def topo() -> Iterator[Topology]:
    """A fresh topology, links of 1500 bytes (native XDP on veth takes frames up to about a
    page)."""
    yield from topology(1500)


@pytest.mark.parametrize("name,count", [("tcpdump-afs.pcap", 601),
                                        ("tcpdump-various_gre.pcap", 100)])
def test_forward_xdp(topo: Topology, tmp_path: Path, name: str, count: int) -> None:
    r = forward(topo, tmp_path, capture(name), "FromDevice(r0, BURST 32, METHOD XDP)",
                "ToDevice(r1, BURST 32, METHOD XDP)", sockets=0, xdp_devices=1)
    assert len(r.expected) == count
    assert r.received == r.expected
    assert handler(r.router_out, "src.count") == count
    assert handler(r.router_out, "src.kernel_drops") == 0
