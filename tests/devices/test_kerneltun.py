"""KernelTun, KernelTap, FromHost and ToHost on real Linux tun/tap devices, each run in a
network namespace of its own (needs root and /dev/net/tun; skipped with the reason otherwise).

A compiled router opens the device, configures its address, and answers what the kernel sends
through it: the tun router mirrors UDP packets back (IPMirror), the tap router also answers
the kernel's ARP queries (ARPResponder).  A UDP socket in the namespace sends datagrams to
the far address and must receive the mirrored ones; the router's handlers count them.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest


def _why_not() -> str | None:
    if os.geteuid() != 0:
        return "needs root (network namespaces, tun devices)"
    if not os.path.exists("/dev/net/tun"):
        return "no /dev/net/tun"
    if shutil.which("ip") is None:
        return "no ip command"
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        return "no C compiler"
    return None


pytestmark = pytest.mark.skipif(_why_not() is not None, reason=str(_why_not()))


@pytest.fixture
def netns() -> Iterator[str]:
    """A fresh network namespace (deleted afterwards) with its loopback up."""
    name = "ckt-" + uuid.uuid4().hex[:8]
    subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        subprocess.run(["ip", "netns", "exec", name, "ip", "link", "set", "lo", "up"],
                       check=True)
        yield name
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


def _compile(config: str, tmp: Path) -> Path:
    cfg = tmp / "r.click"
    cfg.write_text(config)
    prog = tmp / "router"
    subprocess.run([sys.executable, "-m", "clickc", "compile", "-O1", "-o", str(prog), str(cfg)],
                   check=True, capture_output=True, text=True, timeout=600)
    return prog


def _in_ns(ns: str, code: str) -> str:
    """Run Python ``code`` in namespace ``ns``; returns its standard output."""
    p = subprocess.run(["ip", "netns", "exec", ns, sys.executable, "-c", code],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout


def _wait_dev(ns: str, dev: str, want: str = " inet ") -> str:
    """The device's `ip -o addr` lines once they contain ``want`` (the element sets the address
    and then the netmask, as Click does, so "ADDR/PREFIX" is the configuration complete)."""
    for _ in range(100):
        p = subprocess.run(["ip", "netns", "exec", ns, "ip", "-o", "addr", "show", dev],
                           capture_output=True, text=True)
        if p.returncode == 0 and want in p.stdout:
            return p.stdout
        time.sleep(0.05)
    raise AssertionError(f"{dev} did not come up")


#: Python run in the namespace: n UDP datagrams to FAR:9, each answered (mirrored) to us.
_ECHO = """
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("{near}", 40000))
s.settimeout(2)
got = 0
for i in range({n}):
    s.sendto(b"hello %d" % i, ("{far}", 9))
    data, addr = s.recvfrom(100)
    got += data == b"hello %d" % i and addr == ("{far}", 9)
print(got)
"""


def _run(ns: str, prog: Path, dev: str, handlers: list[str]) -> subprocess.Popen[str]:
    argv = ["ip", "netns", "exec", ns, str(prog)]
    for h in handlers:
        argv += ["-h", h]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _stop(p: subprocess.Popen[str]) -> tuple[str, str]:
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=20)
    return out, err


def test_kerneltun_mirrors_udp(netns: str, tmp_path: Path) -> None:
    """IP packets from the kernel leave output 0 with their network header set; packets
    pushed into the element reach the kernel."""
    prog = _compile("tun :: KernelTun(10.77.0.1/24, DEVNAME ckt0, BURST 4)\n"
                    "  -> c :: Counter -> IPMirror -> tun;\n", tmp_path)
    p = _run(netns, prog, "ckt0", ["c.count", "tun.dev_name", "tun.packets"])
    try:
        line = _wait_dev(netns, "ckt0", "10.77.0.1/24")
        assert "10.77.0.1/24" in line
        got = _in_ns(netns, _ECHO.format(near="10.77.0.1", far="10.77.0.2", n=5))
    finally:
        out, err = _stop(p)
    assert got.strip() == "5", err
    assert "tun.dev_name:\nckt0\n" in out
    count = int(out.split("c.count:\n")[1].split("\n")[0])
    packets = int(out.split("tun.packets:\n")[1].split("\n")[0])
    # the kernel may also send its own packets (IPv6 router solicitations) through the device
    assert count >= 5 and packets >= count, out


def test_kerneltap_answers_arp_and_mirrors(netns: str, tmp_path: Path) -> None:
    """KernelTap exchanges Ethernet frames; ETHER sets the interface's address."""
    prog = _compile(
        "tap :: KernelTap(10.78.0.1/24, DEVNAME ckt1, ETHER 02:00:00:00:00:01)\n"
        "  -> c :: Classifier(12/0806 20/0001, 12/0800, -);\n"
        "c[0] -> arp :: Counter -> ARPResponder(10.78.0.2 02:00:00:00:00:02) -> tap;\n"
        "c[1] -> ip :: Counter -> Strip(14) -> CheckIPHeader -> IPMirror\n"
        "  -> EtherEncap(0x0800, 02:00:00:00:00:02, 02:00:00:00:00:01) -> tap;\n"
        "c[2] -> Discard;\n", tmp_path)
    p = _run(netns, prog, "ckt1", ["arp.count", "ip.count", "tap.dev_name"])
    try:
        _wait_dev(netns, "ckt1", "10.78.0.1/24")
        link = subprocess.run(["ip", "netns", "exec", netns, "ip", "-o", "link", "show", "ckt1"],
                              capture_output=True, text=True).stdout
        got = _in_ns(netns, _ECHO.format(near="10.78.0.1", far="10.78.0.2", n=3))
    finally:
        out, err = _stop(p)
    assert "02:00:00:00:00:01" in link
    assert got.strip() == "3", err
    assert int(out.split("arp.count:\n")[1].split("\n")[0]) >= 1
    assert int(out.split("ip.count:\n")[1].split("\n")[0]) >= 3


def test_kerneltun_refuses_bad_gateway(tmp_path: Path) -> None:
    """GATEWAY outside ADDR's network: Click's "bad GATEWAY" at initialization."""
    prog = _compile("KernelTun(10.79.0.1/24, 10.80.0.1) -> Discard;\n", tmp_path)
    p = subprocess.run([str(prog)], capture_output=True, text=True, timeout=30)
    assert "While initializing" in p.stderr
    assert p.returncode == 1
    assert "bad GATEWAY" in p.stderr


def test_refused_device_name(netns: str, tmp_path: Path) -> None:
    """A device name the kernel refuses is an initialization error with the kernel's reason."""
    prog = _compile('KernelTun(10.79.0.1/24, DEVNAME "bad/name") -> Discard;\n', tmp_path)
    p = subprocess.run(["ip", "netns", "exec", netns, str(prog)], capture_output=True,
                       text=True, timeout=30)
    assert p.returncode == 1
    assert "/dev/net/tun:" in p.stderr




def test_fromhost_tohost_answer_arp_and_mirror(netns: str, tmp_path: Path) -> None:
    """FromHost opens a tap device and configures it; ToHost writes through the same one."""
    prog = _compile(
        "fh :: FromHost(ckfh0, 10.81.0.1/24, ETHER 02:00:00:00:00:01)\n"
        "  -> c :: Classifier(12/0806 20/0001, 12/0800, -);\n"
        "c[0] -> arp :: Counter -> ARPResponder(10.81.0.2 02:00:00:00:00:02)\n"
        "  -> th :: ToHost(ckfh0);\n"
        "c[1] -> ip :: Counter -> Strip(14) -> CheckIPHeader -> IPMirror\n"
        "  -> EtherEncap(0x0800, 02:00:00:00:00:02, 02:00:00:00:00:01) -> th;\n"
        "c[2] -> Discard;\n", tmp_path)
    p = _run(netns, prog, "ckfh0", ["arp.count", "ip.count", "fh.dev_name", "th.drops"])
    try:
        _wait_dev(netns, "ckfh0", "10.81.0.1/24")
        got = _in_ns(netns, _ECHO.format(near="10.81.0.1", far="10.81.0.2", n=3))
    finally:
        out, err = _stop(p)
    assert got.strip() == "3", err
    assert "fh.dev_name:\nckfh0\n" in out
    assert "th.drops:\n0\n" in out
    assert int(out.split("ip.count:\n")[1].split("\n")[0]) >= 3


def test_tohost_needs_fromhost(tmp_path: Path) -> None:
    """A ToHost without a FromHost on its device: Click's initialization error."""
    prog = _compile("InfiniteSource(LIMIT 1) -> ToHost(nothere0);\n", tmp_path)
    p = subprocess.run([str(prog)], capture_output=True, text=True, timeout=30)
    assert p.returncode == 1
    assert "ToHost(nothere0) requires an initialized FromHost with the same dev_name" in p.stderr
