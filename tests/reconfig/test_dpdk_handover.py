"""DPDK ports across hot swaps (docs/reconfiguration.md, "DPDK ports"): the EAL, the mbuf pool
and the started ports belong to the process (runtime/io_dpdk_state.h, in the resident host),
so a successor router takes the port as it runs, with its queues and what waits in its
receive ring, without a second EAL initialization or a port restart.

A router ``FromDPDKDevice(0) -> Counter -> Queue -> Unqueue -> ToDPDKDevice(0)`` on a net_pcap
virtual device (``rx_pcap`` a generated capture of numbered frames replayed in a loop,
``infinite_rx=1``; ``tx_pcap`` a file) is swapped while it forwards (the Queue's capacity
changes, a Counter is added), at -j 1 and -j 2; then every frame read is accounted for (sent,
or a drop counted with its reason), the frames written are the frames read in their order
(none twice, gaps only where drops were counted), and the counts went on.  A swap to a
configuration whose initialization fails (a port that does not exist) is refused in Click's
words and the old router goes on forwarding on its port.

Needs DPDK (pkg-config libdpdk and its net_pcap driver); skipped otherwise, as
tests/io/test_dpdk.py is.  Without the hand-over the first swap is refused ("DPDK EAL
initialization failed": the new router initialized the EAL again)."""

from __future__ import annotations

import json
import struct
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from .hotlib import Control, HotRouter, free_port, prebuild, steady


def _why_no_dpdk() -> str | None:
    r = subprocess.run(["pkg-config", "--exists", "libdpdk"], capture_output=True)
    if r.returncode != 0:
        return "DPDK development files are not installed (dpdk-dev libdpdk-dev)"
    return None


pytestmark = pytest.mark.skipif(_why_no_dpdk() is not None, reason=str(_why_no_dpdk()))

#: Frames in the generated capture (each numbered; the capture is replayed in a loop).
NFRAMES = 4000
ETHERTYPE = 0x88B5   # IEEE local experimental


def make_capture(path: Path) -> None:
    """NFRAMES 60-byte frames, frame i carrying i (4 bytes, big-endian) after its header."""
    with path.open("wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for i in range(NFRAMES):
            frame = (b"\xff" * 6 + b"\x02\x00\x00\x00\x00\x07" + ETHERTYPE.to_bytes(2, "big")
                     + i.to_bytes(4, "big") + bytes(42))
            f.write(struct.pack("<IIII", i // 1000, i % 1000, len(frame), len(frame)) + frame)


def frame_numbers(path: Path) -> list[int]:
    """The numbers of the frames of a pcap file (classic format, little-endian)."""
    data = path.read_bytes()
    out: list[int] = []
    off = 24
    while off + 16 <= len(data):
        caplen = struct.unpack("<I", data[off + 8:off + 12])[0]
        frame = data[off + 16:off + 16 + caplen]
        assert frame[12:14] == ETHERTYPE.to_bytes(2, "big"), frame[:16].hex()
        out.append(int.from_bytes(frame[14:18], "big"))
        off += 16 + caplen
    return out


def eal(cap: Path, out: Path) -> list[str]:
    """``--dpdk ... --``: no hugepages or PCI devices, a unique file prefix, one net_pcap port
    (port 0) replaying ``cap`` and writing ``out``."""
    return ["--dpdk", "--no-huge", "--no-pci", "-m", "256", "--no-telemetry",
            "--log-level=error", f"--file-prefix=ckhot{uuid.uuid4().hex[:8]}",
            f"--vdev=net_pcap0,rx_pcap={cap},infinite_rx=1,tx_pcap={out}", "--"]


def config(capacity: int, counter: bool = False, extra: str = "") -> str:
    after = " -> c2 :: Counter" if counter else ""
    return (f"fd :: FromDPDKDevice(0, BURST 32) -> c :: Counter -> q :: Queue({capacity})\n"
            f"    -> Unqueue(BURST 32){after} -> td :: ToDPDKDevice(0);\n{extra}")


def run_swaps(tmp_path: Path, threads: int, versions: list[str],
              broken: tuple[str, str] | None = None
              ) -> tuple[dict[str, int], dict[str, object], Path, str]:
    """Run ``config(3000)`` as a ``clickc run -R`` router (-O0, -j ``threads``, every version
    built beforehand) on a net_pcap port, swap it to each of ``versions`` while it forwards
    (after the first, to ``broken``'s text when given: it must be refused with its message and
    the old router go on forwarding), then stop reading (``fd.active false``), wait until
    everything read left or was dropped, and stop the router.  Returns the final handler
    values, the --stats report, the tx capture and the router's standard error.  Asserts that
    ``fd.count`` and ``c.count`` never went back and grew after every swap."""
    cap, out, stats = tmp_path / "in.pcap", tmp_path / "out.pcap", tmp_path / "stats.json"
    make_capture(cap)
    port = free_port()
    options = ("-O0", "-j", str(threads))
    prebuild(tmp_path, port, versions, *options)
    with HotRouter(tmp_path, config(3000), *options, f"--stats={stats}", *eal(cap, out),
                   port=port) as r:
        assert r.control is not None
        ctl: Control = r.control
        last = {"fd": 0, "c": 0}

        def goes_on(when: str) -> None:
            for name in last:                    # the counts continue, and packets move
                v = int(ctl.read(f"{name}.count"))
                assert v >= last[name], (when, name, v, last[name])
                last[name] = v
            time.sleep(0.3)
            assert int(ctl.read("fd.count")) > last["fd"], when

        goes_on("before the swaps")
        for k, text in enumerate(versions):
            code, lines = ctl.hotconfig(text)
            assert code == 200, lines
            goes_on(f"swap {k + 1}")
            if k == 0 and broken is not None:
                code, lines = ctl.hotconfig(broken[0])
                assert code == 520, lines
                assert broken[1] in "\n".join(lines), lines
                goes_on("after the refused swap")
        assert ctl.command("WRITE fd.active false")[0] == 200
        names = ["fd.count", "c.count", "td.count", "td.dropped", "q.length", "fd.hw_count"]
        values = dict(zip(names, steady(ctl, *names, pause=0.3), strict=True))
        status, _, err = r.stop()
    assert status == 0, err
    assert "DPDK EAL initialization failed" not in err, err
    return values, json.loads(stats.read_text()), out, err


def check_accounting(values: dict[str, int], report: dict[str, object], out: Path) -> None:
    """Every frame read was sent or dropped with a counted reason; the frames sent are the
    frames read, in order, none twice: the step between two frames sent is one frame plus the
    frames dropped between them (modulo the capture's length), exactly one without drops."""
    read, sent = values["fd.count"], values["td.count"]
    elements = report["elements"]
    assert isinstance(elements, list)
    drops = sum(int(e["drops"]) for e in elements)
    unkept = int(str(report.get("hotconfig_dropped", 0)))
    assert values["q.length"] == 0
    assert read == values["c.count"]
    assert read == sent + drops + unkept, (read, sent, drops, unkept, elements)
    # the port ran on from router to router: its own count is the elements' read count
    assert values["fd.hw_count"] == read, values
    numbers = frame_numbers(out)
    assert len(numbers) == sent, (len(numbers), sent)
    assert numbers[0] == 0
    steps = [(b - a) % NFRAMES for a, b in zip(numbers, numbers[1:], strict=False)]
    assert 0 not in steps   # a frame twice in a row (or a whole lap lost unseen)
    assert sum(s - 1 for s in steps) <= drops + unkept   # every gap is counted drops
    if drops + unkept == 0:
        assert set(steps) == {1}, sorted(set(steps))   # not one frame lost or repeated


@pytest.mark.parametrize("threads", [1, 2])
def test_port_moves_with_its_queues(tmp_path: Path, threads: int) -> None:
    versions = [config(2000), config(2000, counter=True), config(2500, counter=True)]
    values, report, out, _ = run_swaps(tmp_path, threads, versions)
    check_accounting(values, report, out)


@pytest.mark.parametrize("mistake", ["no such port", "too many queues"])
def test_failed_initialization_keeps_the_port(tmp_path: Path, mistake: str) -> None:
    """A new configuration whose initialization fails is refused (520, Click's words) after
    its DPDK elements found the EAL initialized: a second port that does not exist, or more
    receive queues than the net_pcap device has (checked before the port is touched).  The old
    router keeps its port as it ran and forwards on, and the next swap takes it as usual."""
    if mistake == "no such port":
        broken = config(2000, extra="bad :: FromDPDKDevice(net_pcap7) -> Discard;\n")
        expected = "DPDK: no device named net_pcap7"
    else:
        broken = config(2000).replace("BURST 32)", "BURST 32, N_QUEUES 2)", 1)
        expected = "DPDK port 0: 2 receive and 1 transmit queues asked, the device has at most 1"
    versions = [config(2000), config(1500, counter=True)]
    values, report, out, _ = run_swaps(tmp_path, 1, versions, broken=(broken, expected))
    check_accounting(values, report, out)


#: The first router holds the packets it reads (its Unqueue inactive): zero-copy mbufs.
HOLDING = ("fd :: FromDPDKDevice(0, BURST 32) -> c :: Counter -> q :: Queue(3000)\n"
           "    -> Unqueue(BURST 32, ACTIVE false) -> td :: ToDPDKDevice(0);\n")
#: No DPDK element: the Queue's mbufs move here and are freed by Discard.
NO_DPDK = ("Idle -> c :: Counter -> q :: Queue(3000) -> Unqueue(BURST 32) -> d :: Counter\n"
           "    -> Discard;\n")


def test_port_outlives_a_configuration_without_dpdk(tmp_path: Path) -> None:
    """A swap to a configuration without DPDK elements leaves the port open and started (the
    EAL and the pool stay): the zero-copy packets the old router's Queue held move to the new
    Queue and are freed there by the old router's release code, whose object stays mapped
    while the process may call it; a later configuration with the port takes it as it runs
    (its count ``hw_count`` went on), and forwards."""
    cap, out = tmp_path / "in.pcap", tmp_path / "out.pcap"
    make_capture(cap)
    port = free_port()
    options = ("-O0", "-j", "1")
    prebuild(tmp_path, port, [NO_DPDK, config(3000)], *options)
    with HotRouter(tmp_path, HOLDING, *options, *eal(cap, out), port=port) as r:
        assert r.control is not None
        ctl: Control = r.control
        while int(ctl.read("q.length")) < 3000:
            time.sleep(0.1)
        code, lines = ctl.hotconfig(NO_DPDK)
        assert code == 200, lines
        assert steady(ctl, "d.count", "q.length", pause=0.2) == [3000, 0]
        hw_before = int(ctl.read("c.count"))      # every frame the port delivered was counted
        code, lines = ctl.hotconfig(config(3000))
        assert code == 200, lines
        time.sleep(0.3)
        assert int(ctl.read("td.count")) > 0
        assert ctl.command("WRITE fd.active false")[0] == 200
        read, sent, hw, held = steady(ctl, "fd.count", "td.count", "fd.hw_count", "q.length",
                                      pause=0.3)
        status, _, err = r.stop()
    assert status == 0, err
    assert held == 0 and read == sent, (read, sent)
    assert hw >= hw_before + read     # the port's own count went on: not restarted
    numbers = frame_numbers(out)
    assert len(numbers) == sent
    assert {(b - a) % NFRAMES for a, b in zip(numbers, numbers[1:], strict=False)} == {1}
