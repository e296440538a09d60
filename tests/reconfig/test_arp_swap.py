"""ARP tables across a swap, and ARPQuerier's TABLE (docs/reconfiguration.md, "What moves";
issues 18 and 21).

An ARPQuerier whose TABLE names an ARPTable resolves its next hops in that element's table and
queues its packets there; at a ``hotconfig`` swap the ARPTable's entries move to the ARPTable of
the same name (Click's ARPTable::take_state), and an ARPQuerier's own table moves to an
ARPQuerier of the same name, IP and Ethernet address (Click's ARPQuerier::take_state).  The
swap is written by a DriverManager whose script then ends (the driver waits for the compiler,
as Click's hotconfig handler installs the new router before the driver stops), and the new
router's DriverManager runs its own script.  Everything runs under ``--simtime``; the expected
lines were recorded from Click 2.1 (``click --simtime -R OLD``) with the same files.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .hotlib import HotRouter

# --simtime: nothing waits on the wall clock; one-thread routers (the TSan test runs in the
# TSan job only)
pytestmark = pytest.mark.workers

OLD = """\
tab :: ARPTable;
own :: ARPQuerier(10.0.0.1, 0:1:2:3:4:5);
shared :: ARPQuerier(10.0.0.1, 0:1:2:3:4:6, TABLE tab);
InfiniteSource(LENGTH 20, LIMIT 1) -> SetIPAddress(10.0.0.5) -> shared
    -> Print(s0, MAXLENGTH 12) -> Discard;
Idle -> own -> Discard;
shared[1] -> Print(q0, MAXLENGTH 12) -> Discard;
own[1] -> Discard;
Idle -> [1]shared; Idle -> [1]own;
DriverManager(write tab.insert 10.0.0.7 0:a:b:c:d:7, write own.insert 10.0.0.8 0:a:b:c:d:8,
    wait 0.5s, read tab.length, write hotconfig $(cat NEW))
"""

# the shared ARPQuerier changes its addresses (its table is the ARPTable's, which moves);
# `own` keeps them, so its own table moves
NEW = """\
tab :: ARPTable;
own :: ARPQuerier(10.0.0.1, 0:1:2:3:4:5);
shared :: ARPQuerier(10.0.0.9, 0:1:2:3:4:9, TABLE tab);
InfiniteSource(LENGTH 20, LIMIT 1) -> SetIPAddress(10.0.0.7) -> shared
    -> Print(s, MAXLENGTH 12) -> Discard;
InfiniteSource(LENGTH 20, LIMIT 1) -> SetIPAddress(10.0.0.8) -> own
    -> Print(o, MAXLENGTH 12) -> Discard;
shared[1] -> Print(q, MAXLENGTH 12) -> Discard;
own[1] -> Print(q, MAXLENGTH 12) -> Discard;
Idle -> [1]shared; Idle -> [1]own;
DriverManager(wait 0.5s, read tab.table, read tab.length, read own.table, read shared.count, stop)
"""

#: Click's standard error for OLD (recorded; see the module's docstring).
CLICK_OUTPUT = """\
q0:   42 | ffffffff ffff0001 02030406
tab.length:
1
s:   34 | 000a0b0c 0d070001 02030409
o:   34 | 000a0b0c 0d080001 02030405
tab.table:
10.0.0.7 1 00-0A-0B-0C-0D-07 1.000000
10.0.0.5 0 FF-FF-FF-FF-FF-FF 1.000000

tab.length:
1
own.table:
10.0.0.8 1 00-0A-0B-0C-0D-08 1.000000

shared.count:
2
"""


def _clickc(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "clickc", "run", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600)


def test_arp_tables_move_at_a_driver_written_swap(tmp_path: Path) -> None:
    (tmp_path / "OLD").write_text(OLD)
    (tmp_path / "NEW").write_text(NEW)
    r = _clickc(tmp_path, "--simtime", "-R", "OLD")
    assert r.returncode == 0, r.stderr
    # the queued packet for 10.0.0.5 waits in the ARPTable (length 1) before and after; the
    # entries inserted at 0 s are known at 1 s with their addresses; both queriers send at once
    assert r.stderr == CLICK_OUTPUT


def test_table_names_an_arptable(tmp_path: Path) -> None:
    # without a swap: the ARPTable's entry resolves the querier's next hop, the ARPTable's
    # timeout and table; TABLE naming another class is Click's cast error
    (tmp_path / "c.click").write_text(
        "tab :: ARPTable(TIMEOUT 0.2s);\n"
        "InfiniteSource(LENGTH 20, LIMIT 1) -> SetIPAddress(10.0.0.7)\n"
        "    -> a :: ARPQuerier(10.0.0.1, 0:1:2:3:4:6, TABLE tab) -> Print(a, MAXLENGTH 12)\n"
        "    -> Discard;\n"
        "a[1] -> Discard; Idle -> [1]a;\n"
        "DriverManager(write tab.insert 10.0.0.7 0:a:b:c:d:7, wait 0.5s, read tab.table,\n"
        "    read a.table)\n")
    r = _clickc(tmp_path, "--simtime", "c.click")
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == [
        "a:   34 | 000a0b0c 0d070001 02030406",
        "tab.table:", "10.0.0.7 0 00-0A-0B-0C-0D-07 0.500000", "",
        "a.table:", "10.0.0.7 0 00-0A-0B-0C-0D-07 0.500000", ""]
    (tmp_path / "bad.click").write_text(
        "Idle -> c :: Counter -> Discard;\n"
        "Idle -> a :: ARPQuerier(10.0.0.1, 0:1:2:3:4:6, TABLE c) -> Discard;\nIdle -> [1]a;\n")
    r = _clickc(tmp_path, "bad.click")
    assert r.returncode == 1
    assert r.stderr.splitlines() == [  # Click's words
        "bad.click:2: While configuring 'a :: ARPQuerier':",
        "  TABLE: element type mismatch, expected ARPTable",
        "Router could not be initialized!"]


SHARED = """\
tab :: ARPTable;
RatedSource(RATE 2000, LIMIT -1) -> SetIPAddress(10.0.0.7)
    -> a :: ARPQuerier(10.0.0.1, 0:1:2:3:4:5, TABLE tab) -> ca :: Counter -> Discard;
RatedSource(RATE 2000, LIMIT -1) -> SetIPAddress(10.0.0.{n})
    -> b :: ARPQuerier(10.0.0.1, 0:1:2:3:4:6, TABLE tab) -> cb :: Counter -> Discard;
a[1] -> Discard; b[1] -> Discard; Idle -> [1]a; Idle -> [1]b;
Script(write tab.insert 10.0.0.7 0:a:b:c:d:7)
"""


def test_shared_table_at_two_threads_tsan(tsan_ok: None, tmp_path: Path) -> None:
    """Two ARPQueriers sharing one ARPTable at -j 2 (one lock, the table's, for both pushes and
    the handlers; packets for an unknown address wait in the table, its CAPACITY drops the
    oldest), swapped twice while they forward, under ThreadSanitizer (the TSan job)."""
    options = ("-O1", "-j", "2", "--cc", "clang", "--cflags=-g -fsanitize=thread",
               "--ldflags=-fsanitize=thread", "-h", "ca.count", "-h", "tab.count")
    env = {"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"}
    with HotRouter(tmp_path, SHARED.format(n=8), *options, env=env) as r:
        assert r.control is not None
        for n in (9, 8):
            code, lines = r.control.hotconfig(SHARED.format(n=n))
            assert code == 200, lines
        status, out, err = r.stop()
    assert status == 0 and "ThreadSanitizer" not in err, err
    words = out.split()
    assert words[0] == "ca.count:" and int(words[1]) > 0
    assert words[2:] == ["tab.count:", "3"]   # 10.0.0.7 known; 10.0.0.8 and .9 waiting
