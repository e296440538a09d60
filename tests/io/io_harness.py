"""Compile clickc routers and run the three-namespace forwarding scenario of the I/O tests.

The scenario (``forward``): a sender in namespace ``snd`` replays a capture into veth ``a0``
with ``FromDump -> Queue -> ToDevice``; the router under test in ``rtr`` reads ``r0`` and writes
``r1``; a receiver in ``rcv`` writes what arrives on ``b0`` with ``FromDevice -> ToDump``.  The
same router body with ``FromDump``/``ToDump`` in place of the devices gives the expected
frames.  The programs are stopped with SIGTERM (clickc routers then clean up and flush ToDump).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import dpkt
import pytest
from io_netns import Topology

#: The real captures (../shared/pcaps).
PCAPS = Path(__file__).resolve().parents[3] / "shared" / "pcaps"

#: The router body of the tests: IPv4 frames have their TTL decremented (checksum updated),
#: expired ones are discarded, other frames pass unchanged.  ``src``/``sink`` are declared by
#: the caller.
ROUTER_BODY = """
src -> cl :: Classifier(12/0800, -);
cl[0] -> Strip(14) -> CheckIPHeader -> dec :: DecIPTTL -> Unstrip(14) -> q :: Queue(8192);
cl[1] -> q;
dec[1] -> Discard;
q -> sink;
"""


def capture(name: str) -> Path:
    """The capture ``name`` of ../shared/pcaps; skips the calling test when it is not there."""
    path = PCAPS / name
    if not path.is_file():
        pytest.skip(f"{path} is not there (../shared)")
    return path


def handler(out: str, name: str) -> int:
    """The value of handler ``name`` in the -h output of a router (several handlers)."""
    lines = out.splitlines()
    return int(lines[lines.index(name + ":") + 1])


def topology(mtu: int) -> Iterator[Topology]:
    """The body of a fixture: a fresh :class:`Topology` with links of ``mtu`` bytes, closed
    after the test."""
    t = Topology(mtu=mtu)
    try:
        yield t
    finally:
        t.close()


def frames(path: Path) -> list[bytes]:
    """The captured bytes of every record of the pcap file ``path`` (dpkt), in order."""
    with open(path, "rb") as f:
        return [bytes(buf) for _, buf in dpkt.pcap.Reader(f)]


def compile_router(config: str, path: Path, *params: str) -> Path:
    """Write ``config`` to ``path.click`` and compile it to ``path`` (-O2, warnings as errors).
    Raises AssertionError with clickc's messages when it fails."""
    src = path.with_suffix(".click")
    src.write_text(config, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", str(src), *params, "-o", str(path)],
                       capture_output=True, text=True,
                       env=_env())
    assert r.returncode == 0, f"clickc {src} failed:\n{r.stderr}{r.stdout}"
    return path


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["CLICKC_CFLAGS"] = (env.get("CLICKC_CFLAGS", "") + " -Werror").strip()
    return env


def packet_sockets(topo: Topology, role: str) -> int:
    """The number of packet sockets open in the namespace ``role`` (/proc/net/packet)."""
    r = subprocess.run(topo.cmd(role, ["cat", "/proc/net/packet"]), capture_output=True,
                       text=True)
    return max(0, len(r.stdout.splitlines()) - 1)


def xdp_programs(topo: Topology, role: str) -> int:
    """The number of devices with an XDP program in the namespace ``role`` (``ip link``:
    libxdp attaches one for each receiving AF_XDP socket)."""
    r = subprocess.run(topo.cmd(role, ["ip", "-o", "link", "show"]), capture_output=True,
                       text=True)
    return sum(1 for ln in r.stdout.splitlines() if "prog/xdp" in ln)


def wait_for_sockets(topo: Topology, role: str, n: int, timeout: float = 10.0,
                     xdp: int = 0) -> None:
    """Wait until ``n`` packet sockets are open in ``role`` and ``xdp`` devices there have an
    XDP program (the program there is reading)."""
    end = time.monotonic() + timeout
    while packet_sockets(topo, role) < n or (xdp and xdp_programs(topo, role) < xdp):
        if time.monotonic() > end:
            raise AssertionError(f"no {n} packet sockets in {role} after {timeout} s")
        time.sleep(0.05)


def rx_packets(topo: Topology, role: str, dev: str) -> int:
    """The kernel's count of frames received on ``dev`` in namespace ``role``."""
    r = subprocess.run(topo.cmd(role, ["cat", f"/sys/class/net/{dev}/statistics/rx_packets"]),
                       capture_output=True, text=True)
    return int(r.stdout.strip() or 0)


def wait_rx(topo: Topology, role: str, dev: str, n: int, timeout: float = 15.0) -> None:
    """Wait until ``dev`` in ``role`` has received ``n`` frames (or ``timeout`` seconds: the
    comparison that follows then says what is missing)."""
    end = time.monotonic() + timeout
    while rx_packets(topo, role, dev) < n and time.monotonic() < end:
        time.sleep(0.05)


def stop(proc: subprocess.Popen[str]) -> str:
    """SIGTERM ``proc``; its standard output (the -h handler values) once it ended."""
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    assert proc.returncode == 0, f"exit {proc.returncode}: {err}"
    return out


@dataclass
class Result:
    received: list[bytes]
    expected: list[bytes]
    sent: int
    router_out: str
    receiver_out: str


def forward(topo: Topology, tmp: Path, capture: Path, src: str, sink: str, *,
            sockets: int = 2, xdp_devices: int = 0, body: str = ROUTER_BODY,
            expected_body: str | None = None,
            router_handlers: tuple[str, ...] = ("src.count", "src.kernel_drops", "sink.count"),
            threads: int = 1, arriving: int | None = None) -> Result:
    """Run the scenario of the module docstring on ``capture``; ``src``/``sink`` are the
    router's device elements (e.g. ``FromDevice(r0, BURST 32)``) and ``sockets`` /
    ``xdp_devices`` how many packet sockets it opens / devices it reads with AF_XDP (the wait
    for it to be ready); ``expected_body`` replaces ``body`` in the FromDump/ToDump router
    that gives the expected frames; ``router_handlers`` are printed by the router (-h), which
    runs on ``threads`` threads (clickc -j); ``arriving`` is how many frames should reach b0
    (default: as many as the expected frames), which the run waits for before stopping."""
    expected_router = compile_router(
        f"src :: FromDump(\"{capture}\");\nsink :: ToDump(\"{tmp / 'expected.pcap'}\");\n"
        f"{body if expected_body is None else expected_body}",
        tmp / "expected")
    r = subprocess.run([str(expected_router)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    router = compile_router(f"src :: {src};\nsink :: {sink};\n{body}", tmp / "router",
                            "-j", str(threads))
    sender = compile_router(
        f"FromDump(\"{capture}\") -> Queue(65536) -> td :: ToDevice(a0, BURST 32);", tmp / "sender")
    receiver = compile_router(
        f"fd :: FromDevice(b0, BURST 32, SNAPLEN 65535) -> ToDump(\"{tmp / 'received.pcap'}\");",
        tmp / "receiver")
    rcv = subprocess.Popen(topo.cmd("rcv", [receiver, "-h", "fd.count", "-h", "fd.kernel_drops"]),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    rtr = None
    try:
        wait_for_sockets(topo, "rcv", 1)
        hs = [a for h in router_handlers for a in ("-h", h)]
        rtr = subprocess.Popen(topo.cmd("rtr", [router, *hs]),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for_sockets(topo, "rtr", sockets, xdp=xdp_devices)
        if xdp_devices:
            time.sleep(0.3)  # the transmitting AF_XDP socket comes after (no program shows it)
        else:
            # A socket is visible once bound; it joins its PACKET_FANOUT group just after
            # (Linux requires a bound socket), and a frame arriving in between reaches it and
            # the group both. Under load that window was seen to duplicate 3 frames.
            time.sleep(0.3)
        s = subprocess.run(topo.cmd("snd", [sender, "-h", "td.count"]), capture_output=True,
                           text=True, timeout=60)
        assert s.returncode == 0, s.stderr
        wait_rx(topo, "rcv", "b0",
                len(frames(tmp / "expected.pcap")) if arriving is None else arriving)
        time.sleep(0.3)  # the last receive block is handed over after 1 ms; generous margin
        router_out = stop(rtr)
        rtr = None
        time.sleep(0.2)
        receiver_out = stop(rcv)
    finally:
        for p in (rtr, rcv):
            if p is not None and p.poll() is None:
                p.kill()
                p.communicate()
    return Result(frames(tmp / "received.pcap"), frames(tmp / "expected.pcap"),
                  int(s.stdout.strip() or 0), router_out, receiver_out)
