"""DriverManager and Script (runtime/script.c) in routers built under ASan + UBSan.  The
configurations are ours; expected outputs were recorded with Click's userlevel driver:
``click D1.click`` etc., where each test quotes its configuration."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .routers import E, build, graph, run


def test_driver_manager_waits_for_stop(tmp_path: Path) -> None:
    """D1.click: 's :: InfiniteSource(LIMIT 600, BURST 5, STOP true) -> c :: Counter ->
    q :: Queue(200) -> c2 :: Counter -> Discard; DriverManager(wait_stop, print $(add
    $(c2.count) $(q.drops) $(q.length)))' prints 600 (the shape of Click's
    test/userlevel/iprouter-01 check: every packet counted, dropped or still queued)."""
    dm = "wait_stop, print $(add $(c2.count) $(q.drops) $(q.length))"
    g = graph([E("s", "InfiniteSource", {"LIMIT": 600, "BURST": 5, "STOP": True}),
               E("c", "Counter"), E("q", "Queue", {"CAPACITY": 200}),
               E("c2", "Counter", inputs=["pull"], outputs=["pull"]),
               E("d", "Discard", inputs=["pull"]),
               E("dm", "DriverManager", config=dm)],
              [("s", 0, "c", 0), ("c", 0, "q", 0), ("q", 0, "c2", 0), ("c2", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), "-h", "c.count")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "600\n600\n"


def test_script_language(tmp_path: Path) -> None:
    """D2.click: 's :: InfiniteSource(LIMIT 10, STOP true) -> c :: Counter -> Discard;
    DriverManager(<the instructions below>)' — loops, variables, conditions, arithmetic and
    comparison functions, read, printn, print of a handler, stop."""
    dm = ('set x 3, label top, print "x=$x count=$(c.count)", set x $(sub $x 1), '
          'goto top $(gt $x 0), wait_stop, read c.count, '
          'print $(if $(eq $(c.count) 10) yes no), '
          'print $(div 7 2) $(idiv 7 2) $(mod 7 3) $(mul 2.5 2) $(min 3 1 2) $(neg 4) '
          '$(not true) $(and true false) $(or false true) $(in b a b c), '
          'printn "no newline", print "", print c.count, stop')
    g = graph([E("s", "InfiniteSource", {"LIMIT": 10, "STOP": True}), E("c", "Counter"),
               E("d", "Discard"), E("dm", "DriverManager", config=dm)],
              [("s", 0, "c", 0), ("c", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True))
    assert r.returncode == 0, r.stderr
    assert r.stdout == ("x=3 count=0\nx=2 count=0\nx=1 count=0\nyes\n"
                        "3.5 3 1 5 1 -4 false false true true\nno newline\n10\n")
    assert r.stderr == "c.count:\n10\n"


@pytest.mark.serial  # counts packets of a rated source in a wall-clock wait
def test_script_timers_and_writes(tmp_path: Path) -> None:
    """D3.click: 's :: RatedSource(RATE 1000) -> c :: Counter -> Discard; Script(wait 0.05s,
    write s.active false, print "stopped", wait 0.02s, stop);' -h s.active prints "stopped"
    then "false"; the endless source is stopped by the script."""
    g = graph([E("s", "RatedSource", {"RATE": 1000}), E("c", "Counter"), E("d", "Discard"),
               E("sc", "Script", config='wait 0.05s, write s.active false, print "stopped", '
                                        'wait 0.02s, stop')],
              [("s", 0, "c", 0), ("c", 0, "d", 0)])
    prog = build(g, tmp_path / "r", sanitize=True)
    t0 = time.monotonic()
    r = run(prog, "-h", "s.active", "-h", "c.count", timeout=30)
    elapsed = time.monotonic() - t0
    assert r.returncode == 0, r.stderr
    out = r.stdout.split("\n")
    assert out[:4] == ["stopped", "s.active:", "false", ""]
    count = int(out[5])
    assert 20 <= count <= 80  # about 50 packets at 1000/s in 0.05 s
    assert elapsed >= 0.07


def test_script_errors(tmp_path: Path) -> None:
    """Unknown instructions are configuration errors in Click's words; a failed handler
    call in a DriverManager's steps after wait_stop is reported as Click reports it (no
    context: the driver steps it)."""
    g = graph([E("s", "InfiniteSource", {"LIMIT": 1, "STOP": True}), E("d", "Discard"),
               E("dm", "DriverManager", config="wait_stop, frobnicate 3")],
              [("s", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True))
    assert r.returncode == 1
    assert r.stderr == ("test.click:3: While initializing 'dm :: DriverManager':\n"
                        "  syntax error at 'frobnicate'\nRouter could not be initialized!\n")
    g = graph([E("s", "InfiniteSource", {"LIMIT": 1, "STOP": True}), E("d", "Discard"),
               E("dm", "DriverManager", config="wait_stop, print $(nosuch.count), write d.zz 1")],
              [("s", 0, "d", 0)])
    r = run(build(g, tmp_path / "r2", sanitize=True))
    assert r.returncode == 0
    # Click: after wait_stop the driver steps a DriverManager with its default error handler
    # (no "While executing" context); HandlerCall's words.  Recorded with
    # cd tests/runtime/handler_params && $CLICK_PREFIX/bin/click driver.click (same calls)
    assert r.stderr == "no element named 'nosuch'\nno 'd.zz' write handler\n"


def test_write_handlers_through_a_driver_script(tmp_path: Path) -> None:
    """H.click: 's :: InfiniteSource(LIMIT 10, BURST 10, ACTIVE false) -> c :: Counter ->
    q :: Queue(100) -> u :: Unqueue(ACTIVE false) -> c2 :: Counter -> d :: Discard;
    DriverManager(<the instructions below>)'; `click H.click` printed exactly these lines and
    "q :: Queue: overflow" twice (once more after reset_counts cleared the drops)."""
    dm = ("write q.capacity 4, print $(q.capacity), write s.active true, wait 0.01s, "
          "print $(q.length) $(q.drops) $(q.highwater_length), write q.reset_counts, "
          "print $(q.drops) $(q.highwater_length), write u.active true, wait 0.01s, "
          "print $(c2.count) $(q.length) $(u.count), write c.reset, print $(c.count), "
          "write s.limit 15, wait 0.01s, print $(s.count) $(c2.count) $(q.drops), "
          "write s.active false, write u.active false, write s.reset, write s.active true, "
          "wait 0.01s, print $(q.length), write q.reset, print $(q.length) $(d.count), stop")
    g = graph([E("s", "InfiniteSource", {"LIMIT": 10, "BURST": 10, "ACTIVE": False}),
               E("c", "Counter"), E("q", "Queue", {"CAPACITY": 100}),
               E("u", "Unqueue", {"ACTIVE": False}), E("c2", "Counter"), E("d", "Discard"),
               E("dm", "DriverManager", config=dm)],
              [("s", 0, "c", 0), ("c", 0, "q", 0), ("q", 0, "u", 0), ("u", 0, "c2", 0),
               ("c2", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "4\n4 6 4\n0 4\n4 0 4\n0\n15 8 1\n4\n0 8\n"
    assert r.stderr == "q :: Queue: overflow\n" * 2
