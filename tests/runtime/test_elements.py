"""Element C templates in real routers: rendered by the backend from the element specs,
compiled with the runtime under -Wall -Wextra -Werror and AddressSanitizer +
UndefinedBehaviorSanitizer, then run.  Expected values were recorded from Click's userlevel
driver ($CLICK_PREFIX/bin/click) on the configurations quoted in each test; the graphs here
are those configurations built directly (no parser involved)."""

from __future__ import annotations

import json
import struct
import time
from pathlib import Path

import pytest

from .routers import E, build, graph, run

# Click's InfiniteSource default DATA is 69 bytes.
DEFAULT_LEN = 69


def test_queue_overflow_and_stop(tmp_path: Path) -> None:
    """click -e 's :: InfiniteSource(LIMIT 10, BURST 10, STOP true) -> q :: Queue(3) ->
    d :: Discard;' -h q.drops -h q.highwater_length -h d.count -h q.length -h q.capacity
    -> 7, 3, 1, 2, 3 and "q :: Queue: overflow" on standard error.  STOP stops the driver
    right after the source's task: Discard pulled once."""
    g = graph([E("s", "InfiniteSource", {"LIMIT": 10, "BURST": 10, "STOP": True}),
               E("q", "Queue", {"CAPACITY": 3}),
               E("d", "Discard", inputs=["pull"])],
              [("s", 0, "q", 0), ("q", 0, "d", 0)])
    prog = build(g, tmp_path / "r", sanitize=True)
    stats = tmp_path / "s.json"
    r = run(prog, "-h", "q.drops", "-h", "q.highwater_length", "-h", "d.count", "-h",
            "q.length", "-h", "q.capacity", f"--stats={stats}")
    assert r.returncode == 0, r.stderr
    assert r.stdout == ("q.drops:\n7\n\nq.highwater_length:\n3\n\nd.count:\n1\n\n"
                        "q.length:\n2\n\nq.capacity:\n3\n\n")
    assert r.stderr == "q :: Queue: overflow\n"
    st = {e["name"]: e for e in json.loads(stats.read_text())["elements"]}
    assert st["q"]["drops"] == 7 and st["q"]["drop_reasons"] == {"queue full": 7}
    assert st["s"]["out"] == [10] and st["q"]["in"] == [10] and st["d"]["in"] == [1]


def test_queue_drops_to_output_1(tmp_path: Path) -> None:
    """click -e 's :: InfiniteSource(LIMIT 10, BURST 10, STOP true) -> q :: Queue(3);
    q[0] -> d :: Discard; q[1] -> c :: Counter -> Discard;' -h q.drops -h c.count -h d.count
    -> 7, 7, 1."""
    g = graph([E("s", "InfiniteSource", {"LIMIT": 10, "BURST": 10, "STOP": True}),
               E("q", "Queue", {"CAPACITY": 3}),
               E("d", "Discard", inputs=["pull"]),
               E("c", "Counter"), E("d2", "Discard")],
              [("s", 0, "q", 0), ("q", 0, "d", 0), ("q", 1, "c", 0), ("c", 0, "d2", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), "-h", "q.drops", "-h", "c.count", "-h",
            "d.count")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "q.drops:\n7\n\nc.count:\n7\n\nd.count:\n1\n\n"


def test_counter_queue_unqueue(tmp_path: Path) -> None:
    """click t1.click -h c.count -h q.drops -h c.byte_count -h q.highwater_length with
    t1.click = 's :: InfiniteSource(LIMIT 5, STOP true) -> c :: Counter -> q :: Queue(3) ->
    u :: Unqueue -> Discard;' -> 5, 0, 345, 1."""
    g = graph([E("s", "InfiniteSource", {"LIMIT": 5, "STOP": True}), E("c", "Counter"),
               E("q", "Queue", {"CAPACITY": 3}), E("u", "Unqueue"), E("d", "Discard")],
              [("s", 0, "c", 0), ("c", 0, "q", 0), ("q", 0, "u", 0), ("u", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), "-h", "c.count", "-h", "q.drops", "-h",
            "c.byte_count", "-h", "q.highwater_length", "-h", "u.count", "-h", "c.rate")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n\n")
    assert lines[:5] == ["c.count:\n5", "q.drops:\n0", "c.byte_count:\n345",
                         "q.highwater_length:\n1", "u.count:\n5"]
    assert lines[5].startswith("c.rate:\n")
    float(lines[5].split("\n")[1])  # a decimal number


def test_tee_clones_are_independent(tmp_path: Path) -> None:
    """click B.click -h c0.byte_count -h c1.byte_count -h c2.byte_count -h c2.count with
    B.click = 's :: InfiniteSource(LIMIT 4, STOP true) -> t :: Tee(3); t[0] -> c0 :: Counter
    -> Discard; t[1] -> Strip(14) -> c1 :: Counter -> Discard; t[2] -> EtherEncap(0x0800,
    1:2:3:4:5:6, 0a:0b:0c:0d:0e:0f) -> Unstrip(2) -> c2 :: Counter -> Print(x, 20) ->
    Discard;' -> 276, 220, 340, 4 and four lines
    "x:   85 | 00000a0b 0c0d0e0f 01020304 05060800 52616e64" on standard error."""
    g = graph([E("s", "InfiniteSource", {"LIMIT": 4, "STOP": True}),
               E("t", "Tee", {"N": 3}),
               E("c0", "Counter"), E("d0", "Discard"),
               E("st", "Strip", {"LENGTH": 14}), E("c1", "Counter"), E("d1", "Discard"),
               E("ee", "EtherEncap", {"ETHERTYPE": 0x0800, "SRC": bytes([1, 2, 3, 4, 5, 6]),
                                      "DST": bytes([10, 11, 12, 13, 14, 15])}),
               E("us", "Unstrip", {"LENGTH": 2}), E("c2", "Counter"),
               E("pr", "Print", {"LABEL": "x", "MAXLENGTH": 20}), E("d2", "Discard")],
              [("s", 0, "t", 0), ("t", 0, "c0", 0), ("c0", 0, "d0", 0),
               ("t", 1, "st", 0), ("st", 0, "c1", 0), ("c1", 0, "d1", 0),
               ("t", 2, "ee", 0), ("ee", 0, "us", 0), ("us", 0, "c2", 0), ("c2", 0, "pr", 0),
               ("pr", 0, "d2", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), "-h", "c0.byte_count", "-h",
            "c1.byte_count", "-h", "c2.byte_count", "-h", "c2.count", "-h", "ee.src")
    assert r.returncode == 0, r.stderr
    assert r.stdout == ("c0.byte_count:\n276\n\nc1.byte_count:\n220\n\nc2.byte_count:\n340\n\n"
                        "c2.count:\n4\n\nee.src:\n01-02-03-04-05-06\n\n")
    assert r.stderr == "x:   85 | 00000a0b 0c0d0e0f 01020304 05060800 52616e64\n" * 4


def test_paint_and_print_annotations(tmp_path: Path) -> None:
    """click -e 'InfiniteSource(DATA \\<00 01 02 03>, LIMIT 2, STOP true) -> Paint(7) ->
    Print(p, PRINTANNO true) -> Paint(9, 20) -> Print(p2, PRINTANNO true) -> Discard'"""
    g = graph([E("s", "InfiniteSource", {"DATA": b"\x00\x01\x02\x03", "LIMIT": 2,
                                         "STOP": True}),
               E("p1", "Paint", {"COLOR": 7}),
               E("pr1", "Print", {"LABEL": "p", "PRINTANNO": True}),
               E("p2", "Paint", {"COLOR": 9, "ANNO": 20}),
               E("pr2", "Print", {"LABEL": "p2", "PRINTANNO": True}),
               E("d", "Discard")],
              [("s", 0, "p1", 0), ("p1", 0, "pr1", 0), ("pr1", 0, "p2", 0),
               ("p2", 0, "pr2", 0), ("pr2", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True))
    assert r.returncode == 0, r.stderr
    a1 = "00" * 16 + "07" + "00" * 31
    a2 = "00" * 16 + "07" + "000000" + "09" + "00" * 27
    assert r.stderr == f"p:    4 | {a1} | 00010203\np2:    4 | {a2} | 00010203\n" * 2


def test_pull_source_and_idle_termination(tmp_path: Path) -> None:
    """InfiniteSource in pull context (pulled by Unqueue): LIMIT packets, then the router
    stops by itself since no source is active and nothing moves (Click would wait for a
    signal here; clickc ends the run, as its termination rule says)."""
    g = graph([E("s", "InfiniteSource", {"LIMIT": 7}, outputs=["pull"]),
               E("u", "Unqueue", {"BURST": 2}), E("c", "Counter"), E("d", "Discard")],
              [("s", 0, "u", 0), ("u", 0, "c", 0), ("c", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), "-h", "c.count", "-h", "s.count",
            timeout=30)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "c.count:\n7\n\ns.count:\n7\n\n"


@pytest.mark.serial  # times the source's rate (wall clock)
def test_rated_source_keeps_its_rate(tmp_path: Path) -> None:
    g = graph([E("s", "RatedSource", {"RATE": 200, "LIMIT": 40, "STOP": True}),
               E("c", "Counter"), E("d", "Discard")],
              [("s", 0, "c", 0), ("c", 0, "d", 0)])
    prog = build(g, tmp_path / "r", sanitize=True)
    t0 = time.monotonic()
    r = run(prog, "-h", "c.count", "-h", "s.rate", timeout=30)
    elapsed = time.monotonic() - t0
    assert r.returncode == 0, r.stderr
    assert r.stdout == "c.count:\n40\n\ns.rate:\n200\n\n"
    # 40 packets at 200/s: about 0.2 s (one token at start, burst 2)
    assert 0.15 <= elapsed < 10


def test_idle_counts_what_it_swallows(tmp_path: Path) -> None:
    g = graph([E("s", "InfiniteSource", {"LIMIT": 3, "STOP": True}), E("i", "Idle")],
              [("s", 0, "i", 0)])
    stats = tmp_path / "s.json"
    r = run(build(g, tmp_path / "r", sanitize=True), f"--stats={stats}")
    assert r.returncode == 0, r.stderr
    st = {e["name"]: e for e in json.loads(stats.read_text())["elements"]}
    assert st["i"]["drop_reasons"] == {"idle": 3}


def test_null_and_strip_to_empty(tmp_path: Path) -> None:
    """Strip longer than the packet leaves an empty packet (Click's Packet::pull clamps)."""
    g = graph([E("s", "InfiniteSource", {"LIMIT": 3, "STOP": True}), E("n", "Null"),
               E("st", "Strip", {"LENGTH": 100}), E("c", "Counter"), E("d", "Discard")],
              [("s", 0, "n", 0), ("n", 0, "st", 0), ("st", 0, "c", 0), ("c", 0, "d", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), "-h", "c.count", "-h", "c.byte_count")
    assert r.stdout == "c.count:\n3\n\nc.byte_count:\n0\n\n", r.stderr


def test_builds_with_gcc(tmp_path: Path) -> None:
    """Every element template of this issue in one router, compiled by gcc -O2 with -Werror."""
    cap = tmp_path / "in.pcap"
    cap.write_bytes(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)
                    + struct.pack("<IIII", 1, 0, 3, 3) + b"abc")
    g = graph([E("s", "InfiniteSource", {"LIMIT": 20, "STOP": True}),
               E("t", "Tee", {"N": 2}), E("p", "Paint", {"COLOR": 1}), E("n", "Null"),
               E("st", "Strip", {"LENGTH": 14}), E("us", "Unstrip", {"LENGTH": 14}),
               E("ee", "EtherEncap", {"ETHERTYPE": 0x86DD, "SRC": bytes(6), "DST": bytes(6)}),
               E("c", "Counter"), E("pr", "Print", {"ACTIVE": False}),
               E("q", "Queue", {"CAPACITY": 100}), E("u", "Unqueue", {"BURST": 8}),
               E("td", "ToDump", {"FILENAME": str(tmp_path / "o.pcap")}),
               E("r", "RatedSource", {"RATE": 1000, "LIMIT": 2}), E("i", "Idle"),
               E("d", "Discard"),
               E("fd", "FromDump", {"FILENAME": str(cap)}),
               E("d3", "Discard"),
               E("sc", "DriverManager", config="wait_stop, print $(add 1 2), stop")],
              [("s", 0, "t", 0), ("t", 0, "p", 0), ("p", 0, "n", 0), ("n", 0, "st", 0),
               ("st", 0, "us", 0), ("us", 0, "ee", 0), ("ee", 0, "c", 0), ("c", 0, "pr", 0),
               ("pr", 0, "q", 0), ("q", 0, "u", 0), ("u", 0, "td", 0), ("t", 1, "i", 0),
               ("r", 0, "d", 0), ("fd", 0, "d3", 0)])
    prog = build(g, tmp_path / "r", cc="gcc", opt=2)
    r = run(prog, "-h", "c.count", "-h", "td.count", "-h", "c.byte_count")
    assert r.returncode == 0, r.stderr
    nbytes = 20 * (DEFAULT_LEN + 14)
    assert r.stdout.endswith(f"c.count:\n20\n\ntd.count:\n20\n\nc.byte_count:\n{nbytes}\n\n")
    # the DriverManager (Script's template) printed after the sources' stop request, as Click's
    # does; a Script's first step would not run before that request (test_script_stop_order.py)
    assert r.stdout.startswith("3\n")
