"""IPFlowRawSockets (issue 19; Click's elements/userlevel/ipflowrawsockets.cc): a UDP flow
found by AggregateIPFlows is sent over the flow's raw socket to a UDP echo server on the
loopback of a fresh network namespace, and the two replies come back out of output 0, read
with libpcap (PCAP true) or from the raw socket (PCAP false); our own outgoing packets, which
the raw socket also sees, are dropped as not for the flow.  Click does the same (checked with
CLICK_PREFIX set; tests/libelements/clickoracle.py).  Needs root (raw sockets, namespaces)."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.io.io_netns import why_not_available
from tests.libelements.clickoracle import click_driver
from tests.pktlib import read_pcap
from tests.testlib import SANITIZE, require_c_compiler, sanitizer_env

ECHO = """
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(('127.0.0.1', 9999))
s.settimeout(300)
print('ready', flush=True)
while True:
    d, a = s.recvfrom(2000)
    s.sendto(b'echo:' + d, a)
"""

CONFIG = """
InfiniteSource(DATA "hello", LIMIT 2, STOP false) -> UDPIPEncap(127.0.0.1, 40000, 127.0.0.1, 9999)
  -> AggregateIPFlows -> s :: IPFlowRawSockets(PCAP $PCAP) -> c :: Counter
  -> ToDump(out.pcap, ENCAP IP);
DriverManager(wait 1s, stop);
"""


@pytest.fixture
def netns() -> Iterator[str]:
    """A network namespace with its loopback up and a UDP echo server on 127.0.0.1:9999."""
    reason = why_not_available()
    if reason:
        pytest.skip(reason)
    name = f"ckifrs{uuid.uuid4().hex[:6]}"
    subprocess.run(["ip", "netns", "add", name], check=True)
    echo = None
    try:
        subprocess.run(["ip", "netns", "exec", name, "ip", "link", "set", "lo", "up"], check=True)
        echo = subprocess.Popen(["ip", "netns", "exec", name, sys.executable, "-c", ECHO],
                                stdout=subprocess.PIPE, text=True)
        assert echo.stdout is not None and echo.stdout.readline().strip() == "ready"
        yield name
    finally:
        if echo is not None:
            echo.terminate()
            echo.wait()
        subprocess.run(["ip", "netns", "del", name])


def _check(tmp: Path, p: subprocess.CompletedProcess[str]) -> None:
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "2"
    recs = read_pcap(tmp / "out.pcap")[1]
    assert len(recs) == 2
    for _, _, d in recs:
        assert d[9] == 17 and d[12:20] == bytes([127, 0, 0, 1, 127, 0, 0, 1])
        assert d[20:24] == bytes([0x27, 0x0F, 0x9C, 0x40])  # 9999 -> 40000
        assert d[28:] == b"echo:hello"


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("pcap", ["true", "false"])
def test_echo(tmp_path: Path, netns: str, pcap: str, sanitized: bool) -> None:
    if sanitized and pcap == "false":
        pytest.skip("one sanitized run")
    require_c_compiler()
    (tmp_path / "r.click").write_text(CONFIG.replace("$PCAP", pcap))
    p = subprocess.run([sys.executable, "-m", "clickc", "-o", "router",
                        *(SANITIZE if sanitized else []), "r.click"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    time.sleep(0.1)
    p = subprocess.run(["ip", "netns", "exec", netns, "./router", "-h", "c.count"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=60,
                       env=sanitizer_env())
    _check(tmp_path, p)


@pytest.mark.parametrize("pcap", ["true", "false"])
def test_echo_click(tmp_path: Path, netns: str, pcap: str) -> None:
    driver = click_driver()
    (tmp_path / "r.click").write_text(CONFIG)
    p = subprocess.run(["ip", "netns", "exec", netns, str(driver), "r.click", f"PCAP={pcap}",
                        "-h", "c.count"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60)
    _check(tmp_path, p)


def test_no_aggregate_warning(tmp_path: Path) -> None:
    """Packets without an aggregate are dropped (no socket is opened) and warned about."""
    require_c_compiler()
    (tmp_path / "a.click").write_text(
        "InfiniteSource(LIMIT 2, STOP true) -> s :: IPFlowRawSockets -> Discard;\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "a.click", "--stats"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    assert "s :: IPFlowRawSockets: warning: saw no packets with aggregate annotations" in p.stderr
    assert '"no aggregate": 2' in p.stderr
