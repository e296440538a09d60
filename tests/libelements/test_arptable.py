"""ARPTable (issue 19): ARPQuerier's table (ethernet/ckarptable.h) as an element of its own, with
Click's handlers: insert, delete (the entry stays, unknown), table, count, length, drops, clear,
and the write handlers' errors; its expiry timer (Click's ARPTable::run_timer: TIMEOUT after
initialization, then every TIMEOUT + 1 s, expired entries removed with their packets), under
simulated time, against a recording of Click 2.1 (``click --simtime``).

The timer runs from initialization on, whether or not the table holds entries, as Click's; it
is a background timer (docs/runtime.md, "Termination"), so a router whose other work is done
ends by itself with entries left or none, as clickc's routers do."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.oracle import click_tool

from .harness import run


def test_handlers(tmp_path: Path) -> None:
    r = run(tmp_path, "t :: ARPTable(TIMEOUT 10, ENTRY_CAPACITY 2);\n"
            "c :: ARPTable;\n"
            "Script(write t.insert 10.0.0.1 00:01:02:03:04:05,"
            " write t.insert 10.0.0.2 0:0:0:0:0:9, write t.delete 10.0.0.2,"
            " write c.insert 10.0.0.7 0:0:0:0:0:7, write c.clear,"
            " write t.insert 10.0.0.3 0:0:0:0:0:3, stop);\n", [],
            ["t.table", "t.count", "t.length", "t.drops", "c.count"])
    # ENTRY_CAPACITY 2: the oldest entry (10.0.0.1) went when 10.0.0.3 came
    assert r.handlers["t.table"].splitlines() == [
        "10.0.0.2 0 FF-FF-FF-FF-FF-FF 0.000000", "10.0.0.3 1 00-00-00-00-00-03 0.000000"]
    assert (r.handlers["t.count"], r.handlers["t.length"], r.handlers["t.drops"],
            r.handlers["c.count"]) == ("2", "0", "0", "0")


def test_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "t :: ARPTable;\nScript(write t.insert 10.0.0.1, write t.delete x);\n",
            [], expect_ok=False)
    assert "missing required ETH argument" in r.stderr
    r = run(tmp_path, "t :: ARPTable(CAPACITY_SLIM_FACTOR 0);\n", [], expect_ok=False)
    assert "CAPACITY_SLIM_FACTOR cannot be zero" in r.stderr
    # a configure error, as $CLICK_PREFIX/bin/click r.click reports it
    assert "While configuring 't :: ARPTable':\n  CAPACITY_SLIM_FACTOR cannot be zero\n" \
        in r.stderr


#: Entries at 0 s (10.0.0.1) and 12 s (10.0.0.2), and 10.0.0.9 made by an ARPQuerier whose
#: packet waits there: TIMEOUT 10, so the timer runs at 10 s (nothing older than 10 s yet),
#: 21 s (removes 10.0.0.1 and 10.0.0.9, dropping its packet) and 32 s (removes 10.0.0.2).
EXPIRY = """\
t :: ARPTable(TIMEOUT 10);
q :: ARPQuerier(10.0.0.1, 0:1:2:3:4:5, TABLE t);
InfiniteSource(LENGTH 20, LIMIT 1) -> SetIPAddress(10.0.0.9) -> q -> Discard;
Idle -> [1]q;
DriverManager(write t.insert 10.0.0.1 0:1:2:3:4:5, wait 12s,
    write t.insert 10.0.0.2 0:0:0:0:0:2, wait 3s,
    read t.table, read t.count, read t.length, read t.drops, wait 8s,
    read t.table, read t.count, read t.length, read t.drops, wait 10s,
    read t.table, read t.count, read t.drops, stop);
"""

#: ``$CLICK_PREFIX/bin/click --simtime`` on EXPIRY (Click 2.1, standard error).
EXPIRY_CLICK = """\
t.table:
10.0.0.1 0 00-01-02-03-04-05 15.000000
10.0.0.9 0 FF-FF-FF-FF-FF-FF 15.000000
10.0.0.2 1 00-00-00-00-00-02 3.000000

t.count:
3
t.length:
1
t.drops:
0
t.table:
10.0.0.2 0 00-00-00-00-00-02 11.000000

t.count:
1
t.length:
0
t.drops:
1
t.table:

t.count:
0
t.drops:
1
"""


def test_expiry_timer(tmp_path: Path) -> None:
    """At 15 s both old entries are listed, unknown (expired, not yet removed: Click removes
    them at the timer's next run); at 23 s they are gone and the waiting packet is a drop; at
    33 s the table is empty.  Before the timer, clickc listed all three to the end."""
    r = run(tmp_path, EXPIRY, [], options=["--simtime"])
    assert r.stderr == EXPIRY_CLICK
    assert r.drops == {"t": {"ARP entry expired": 1}}
    click = click_tool()
    if click is not None:
        (tmp_path / "c.click").write_text(EXPIRY)
        p = subprocess.run([str(click), "--simtime", "c.click"], capture_output=True, text=True,
                           timeout=60, cwd=tmp_path)
        assert p.stderr == EXPIRY_CLICK


def test_empty_table_ends(tmp_path: Path) -> None:
    """A table emptied (here by `clear`) ends by itself when its work is done
    (docs/runtime.md), its timer pending or not."""
    r = run(tmp_path, "t :: ARPTable(TIMEOUT 10);\n"
            "Script(write t.insert 10.0.0.1 0:1:2:3:4:5, write t.clear);\n", [],
            ["t.count", "t.drops"])
    assert (r.handlers["t.count"], r.handlers["t.drops"]) == ("0", "0")


def test_entries_left_end(tmp_path: Path) -> None:
    """Entries left, or an ARPQuerier's own table with an entry: the expiry timers are pending
    but are no work, so the router ends by itself, with wall-clock and with simulated time
    (it used to wait for the table's timer forever), and the clock does not jump to them."""
    cfg = ("t :: ARPTable(TIMEOUT 10);\n"
           "q :: ARPQuerier(10.0.0.1, 0:1:2:3:4:5);\n"
           "InfiniteSource(LENGTH 20, LIMIT 1) -> SetIPAddress(10.0.0.9) -> q -> Discard;\n"
           "Idle -> [1]q;\n"
           "Script(write t.insert 10.0.0.1 0:1:2:3:4:5);\n")
    for options in ([], ["--simtime"]):
        r = run(tmp_path, cfg, [], ["t.table", "t.count", "q.count", "q.length"],
                options=options)
        assert r.handlers["t.table"].splitlines() == ["10.0.0.1 1 00-01-02-03-04-05 0.000000"]
        assert (r.handlers["t.count"], r.handlers["q.count"], r.handlers["q.length"]) == \
            ("1", "1", "1")


#: TIMEOUT under 1 s: Click's first run is at initialization (after the first task
#: iterations), the later ones every second after it, just after the DriverManager's steps due
#: on the same whole seconds: at 1 s the entry of 0 s is listed (unknown), at 2 s it is gone;
#: the entry of 2 s is gone at 4 s.
SUBSECOND = """\
t :: ARPTable(TIMEOUT 0.5);
DriverManager(write t.insert 10.0.0.1 0:1:2:3:4:5, wait 1s, read t.table, wait 1s,
    read t.table, write t.insert 10.0.0.2 0:1:2:3:4:5, wait 1s, read t.count, wait 1s,
    read t.table, stop);
"""

#: ``$CLICK_PREFIX/bin/click --simtime`` on SUBSECOND (Click 2.1, standard error).
SUBSECOND_CLICK = """\
t.table:
10.0.0.1 0 00-01-02-03-04-05 1.000000

t.table:

t.count:
1
t.table:

"""


def test_expiry_timer_subsecond(tmp_path: Path) -> None:
    """The schedule of a TIMEOUT under 1 s, byte for byte as Click's under --simtime."""
    r = run(tmp_path, SUBSECOND, [], options=["--simtime"])
    assert r.stderr == SUBSECOND_CLICK
    click = click_tool()
    if click is not None:
        (tmp_path / "c.click").write_text(SUBSECOND)
        p = subprocess.run([str(click), "--simtime", "c.click"], capture_output=True, text=True,
                           timeout=60, cwd=tmp_path)
        assert p.stderr == SUBSECOND_CLICK
