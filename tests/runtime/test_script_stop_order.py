"""A stop request against the Scripts whose timers are due (docs/runtime.md, "Running: threads,
tasks, timers, termination").  In Click a stop request (Router::please_stop_driver: FromDump's
``STOP true`` at the end of its file, a Script's ``stop``) raises every thread's stop flag at
once: the task loop ends after the task that asked (RouterThread::run_tasks), and no timer runs
while the flag is up (TimerSet::run_timers checks it before the pass and between timers), so
the driver stops before a Script whose timer is due gets to run.  A Script that begins with a
``wait`` has no initial step (Script::add_insn): Script::initialize schedules the wait at once.

The expected outputs were recorded with Click 2.1's userlevel driver (``click CONFIG``, in a
directory holding three.pcap); with ``CLICK_PREFIX`` set each configuration is also run through
``$CLICK_PREFIX/bin/click`` and compared live (tests/oracle.py)."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.oracle import click_tool

CASES = {
    # The Script's timer is due from the start, but FromDump's task reads the three packets
    # and reaches the end of its file first: the router stops, the Script never prints.
    # clickc printed "script: 3" before (its round ran the due timers after the stop request).
    "fromdump-stop": ("src :: FromDump(three.pcap, STOP true) -> c :: Counter -> Discard;\n"
                      'Script(print "script: $(c.count)");\n', ""),
    "fromdump-stop-empty": ("src :: FromDump(empty.pcap, STOP true) -> c :: Counter -> Discard;\n"
                            'Script(print "script: $(c.count)");\n', ""),
    # Three Scripts due at once: the first stops the router, the others do not run (clickc ran
    # them before, in the same pass of its timers).
    "script-stop": ('Script(print "one", stop);\nScript(print "two");\nScript(print "three");\n',
                    "one\n"),
    # A Script beginning with a wait schedules it at initialization, before the next Script's
    # initial step; a "step" written to a Script waiting at its first wait_step passes it.
    # clickc printed b, c, a before (the wait was scheduled by an initial step of its own).
    "leading-wait": ('Script(wait 0s, print "a");\nScript(print "b");\n'
                     's :: Script(wait_step, print "c");\nScript(write s.step);\n'
                     "Script(wait 0.1s, stop);\n", "a\nb\nc\n"),
    # The driver steps a Script whose first wait (1 s) has not ended: it prints at once (as
    # before; without the leading-wait change the stop rule above made it print nothing).
    "driver-steps-script": ("src :: FromDump(three.pcap, STOP true) -> c :: Counter -> Discard;\n"
                            's :: Script(wait 1s, print "late: $(c.count)");\n'
                            'DriverManager(wait_stop, print "dm: $(c.count)", write s.step, '
                            'wait 0s, print "end");\n', "dm: 3\nlate: 3\nend\n"),
}


def _pcap(path: Path, count: int) -> None:
    """A little-endian microsecond pcap of ``count`` 60-byte Ethernet frames."""
    out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i in range(count):
        frame = bytes(12) + b"\x08\x00" + bytes([i]) * 46
        out += struct.pack("<IIII", 1000 + i, 0, len(frame), len(frame)) + frame
    path.write_bytes(bytes(out))


@pytest.mark.parametrize("case", sorted(CASES))
def test_stop_before_due_scripts(case: str, tmp_path: Path) -> None:
    config, expected = CASES[case]
    _pcap(tmp_path / "three.pcap", 3)
    _pcap(tmp_path / "empty.pcap", 0)
    (tmp_path / "r.click").write_text(config)
    r = subprocess.run([sys.executable, "-m", "clickc", "run", "r.click"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert r.stdout == expected
    click = click_tool()
    if click is not None:
        c = subprocess.run([str(click), "r.click"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60)
        assert (c.returncode, c.stdout) == (0, expected), c.stderr
