"""LinuxIPLookup (issue 19; Click's elements/ip/lookupiproutelinux.cc at user level): the router
runs in a network namespace whose main routing table is known (a veth pair r0/r1 with two
connected networks and two routes through gateways), reads it from /proc/net/route, and routes
by the destination annotation: longest prefix, the gateway stored in the annotation, Click's
chatter lines, the no-route output, and "need N or N+1 output ports"."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pktlib import read_pcap
from tests.testlib import SANITIZE, clickc, require_c_compiler, sanitizer_env

CONFIG = """
r :: LinuxIPLookup(r1, r0);
InfiniteSource(LIMIT 1, STOP false) -> SetIPAddress(10.9.5.7) -> r;
InfiniteSource(LIMIT 1, STOP false) -> SetIPAddress(10.9.1.1) -> r;
InfiniteSource(LIMIT 1, STOP false) -> SetIPAddress(10.1.3.3) -> r;
InfiniteSource(LIMIT 1, STOP false) -> SetIPAddress(8.8.8.8) -> r;
r[0] -> StoreIPAddress(0) -> ToDump(o0.pcap, ENCAP IP);
r[1] -> StoreIPAddress(0) -> ToDump(o1.pcap, ENCAP IP);
r[2] -> StoreIPAddress(0) -> ToDump(o2.pcap, ENCAP IP);
DriverManager(wait 0.3s);
"""


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@pytest.fixture
def netns() -> Iterator[str]:
    """A namespace with r0 (10.1.0.1/16) and r1 (10.2.0.1/16), routes 10.9.0.0/16 via 10.2.0.2
    and 10.9.5.0/24 via 10.1.0.9."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("network namespaces need root and iproute2")
    ns = f"cklil{uuid.uuid4().hex[:8]}"
    if subprocess.run(["ip", "netns", "add", ns], capture_output=True).returncode != 0:
        pytest.skip("cannot create a network namespace")
    try:
        _ip("-n", ns, "link", "add", "r0", "type", "veth", "peer", "name", "r1")
        for dev, addr in (("r0", "10.1.0.1/16"), ("r1", "10.2.0.1/16")):
            _ip("-n", ns, "addr", "add", addr, "dev", dev)
            _ip("-n", ns, "link", "set", dev, "up")
        _ip("-n", ns, "route", "add", "10.9.0.0/16", "via", "10.2.0.2")
        _ip("-n", ns, "route", "add", "10.9.5.0/24", "via", "10.1.0.9")
        yield ns
    finally:
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def _word(addr: str) -> str:
    """Click's "%x" of an address's network-order word on x86."""
    return f"{int.from_bytes(bytes(int(x) for x in addr.split('.')), 'little'):x}"


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_routes(tmp_path: Path, netns: str, sanitized: bool) -> None:
    require_c_compiler()
    (tmp_path / "r.click").write_text(CONFIG)
    p = subprocess.run(["ip", "netns", "exec", netns, sys.executable, "-m", "clickc", "run",
                        *(SANITIZE if sanitized else []), "r.click"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=900,
                       env=sanitizer_env())
    assert p.returncode == 0, p.stderr

    def firsts(name: str) -> list[bytes]:
        return [d[:4] for _, _, d in read_pcap(tmp_path / name)[1]]

    assert firsts("o0.pcap") == [bytes([10, 2, 0, 2])]
    assert sorted(firsts("o1.pcap")) == sorted([bytes([10, 1, 0, 9]), bytes([10, 1, 3, 3])])
    assert firsts("o2.pcap") == [bytes([8, 8, 8, 8])]
    lines = set(p.stderr.splitlines())
    assert {f"routed {_word('10.9.5.7')} to {_word('10.1.0.9')} 1",
            f"routed {_word('10.9.1.1')} to {_word('10.2.0.2')} 0",
            f"routed {_word('10.1.3.3')} to 0 1",
            f"LinuxIPLookup: no gw for {_word('8.8.8.8')}"} <= lines


def test_output_count(tmp_path: Path) -> None:
    (tmp_path / "r.click").write_text(
        "Idle -> r :: LinuxIPLookup(a, b, c) -> Discard; r[1] -> Discard;\n")
    p = clickc(tmp_path, "check", "r.click")
    assert p.returncode == 1
    assert "need 3 or 4 output ports" in p.stderr
