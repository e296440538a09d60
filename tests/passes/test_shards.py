"""Sharded file sources (issue 23, docs/passes.md "Sharded file sources"): with -j N the whole
path behind a FromDump is replicated with the source itself, copy K of the FromDump reading
the records that HashSwitch(OFFSET, LENGTH) sends to output K of N (``SHARD``/``SHARDS``), so
no packet changes CPU and no software split runs; the copies are one source group that ends
once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.driver import CompileOptions, optimize_graph
from clickc.errors import ErrorHandler

from .splitlib import CAPTURE, graph_of, run_split

#: The full-table router's shape (bench/bench_fulltable.py) with a two-route table.
ROUTER = """
src :: FromDump($IN, STOP true, BURST 8);
src -> cl :: Classifier(12/0800, -) -> Strip(14) -> chk :: CheckIPHeader
    -> rt :: RadixIPLookup(10.0.0.0/8 0, 0.0.0.0/0 1);
cl[1] -> nonip :: Counter -> Discard;
chk[1] -> badip :: Counter -> Discard;
rt[0] -> ttl0 :: DecIPTTL -> EtherEncap(0x0800, 2:0:0:0:0:1, 2:0:0:0:0:0) -> c0 :: Counter
    -> Discard;
ttl0[1] -> x0 :: Counter -> Discard;
rt[1] -> ttl1 :: DecIPTTL -> EtherEncap(0x0800, 2:0:0:0:0:1, 2:0:0:0:0:1) -> c1 :: Counter
    -> Discard;
ttl1[1] -> x1 :: Counter -> Discard;
"""
#: The full table's lookup (116 cycles/packet measured by bench/calibrate_costs.py,
#: docs/passes.md "Measured priors"), which the two-route table does not cost: with the
#: measured priors of FromDump and the rest, the two-route path is too cheap to shard.
FULL_TABLE = "rt:120"




def test_fromdump_sharded_per_thread(tmp_path: Path) -> None:
    g = graph_of(tmp_path, ROUTER)
    originals = [e.name for e in g.elements() if e.name != "src"]
    notes = run_split(g, 2, cost=FULL_TABLE)
    assert any("into 2 shards" in n and "HashSwitch(26, 8)" in n for n in notes), notes
    assert "src" not in g
    # the IP addresses: 14 bytes of Ethernet header, then the IP header's bytes 12..20
    for k in (0, 1):
        assert g.element(f"src@r{k}").config == (
            f"{CAPTURE}, STOP true, BURST 8, SHARD {k}, SHARDS 2, SHARD_OFFSET 26, "
            "SHARD_LENGTH 8")
        assert [c.dst for c in g.outputs(f"src@r{k}")] == [f"cl@r{k}"]
    assert g.facts.replica_groups["src"] == ["src@r0", "src@r1"]
    for n in originals:
        assert n not in g and len(g.facts.replica_groups[n]) == 2, n
    # no software split, no queue between the threads: every packet stays on its copy's CPU
    assert not [e for e in g.elements() if e.class_name in ("Queue", "HashSwitch", "Unqueue")]
    for c in g.connections():
        assert g.element(c.src).facts.replica == g.element(c.dst).facts.replica, c


def test_shards_refused_or_not_worth_it(tmp_path: Path) -> None:
    # a FromDump pacing by its timestamps cannot be sharded: the HashSwitch form is used
    g = graph_of(tmp_path, ROUTER.replace("STOP true,", "TIMING true, STOP true,"))
    notes = run_split(g, 2, cost="Strip:300,rt:300")
    assert any("src not sharded: TIMING is set" in n for n in notes), notes
    assert "src" in g and "cl@split" in g
    # shard_sources=0 keeps the one source
    g = graph_of(tmp_path, ROUTER)
    run_split(g, 2, shard_sources="0", cost="rt:300")
    assert "src" in g and "src@r0" not in g
    # a path that costs less than what each copy would read in vain stays whole
    g = graph_of(tmp_path, "src :: FromDump($IN, STOP true) -> Strip(14) -> CheckIPHeader "
                         "-> c :: Counter -> Discard;")
    notes = run_split(g, 2)
    assert "src" in g
    assert any("not sharded" in n and "gain under" in n for n in notes), notes
    g = graph_of(tmp_path, ROUTER)
    run_split(g, 1)
    assert "src" in g


def test_vector_paths_not_sharded(tmp_path: Path) -> None:
    """At -O2 a FromDump whose bursts make the path a vector region is not sharded: each
    copy would read the whole file for half the packets (measured no faster than -j 1,
    docs/passes.md); ``whole_path=1`` shards it anyway."""
    # 20,000 routes: enough that the lookups' misses make the path a vector region
    routes = ", ".join(f"10.{i >> 8}.{i & 255}.0/24 {i % 2}" for i in range(20000))
    big = ROUTER.replace("BURST 8", "BURST 32").replace("10.0.0.0/8 0, 0.0.0.0/0 1", routes)
    for whole, sharded in (("auto", False), ("1", True)):
        g = graph_of(tmp_path, big)
        notes: list[str] = []
        optimize_graph(g, CompileOptions(opt=2, threads=2, passes=("flow-split",),
                                         pass_options=(f"whole_path={whole}",
                                                       "vector_gain=1.0",
                                                       f"cost={FULL_TABLE}")),
                       ErrorHandler(), notes)
        assert ("src@r0" in g) == sharded, notes
        if not sharded:
            assert any("not sharded: the path runs as vectors of 32" in n for n in notes), notes


def _build(tmp_path: Path, name: str, text: str, *flags: str) -> Path:
    cfg = tmp_path / f"{name}.click"
    cfg.write_text(text)
    prog = tmp_path / name
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", *flags, str(cfg),
                        f"IN={CAPTURE}", "-o", str(prog)], capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    return prog


def _stats(tmp_path: Path, name: str, *flags: str) -> dict[str, int]:
    """ROUTER built with ``flags`` and run on the bundled capture: packets per counter group
    (replicas summed), into the Discards, and dropped."""
    prog = _build(tmp_path, name, ROUTER, *flags)
    st = tmp_path / f"{name}.json"
    r = subprocess.run([str(prog), f"--stats={st}"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    out: dict[str, int] = {"discarded": 0, "dropped": 0}
    for e in json.loads(st.read_text())["elements"]:
        base = e["name"].split("@r")[0]
        if e["class"] in ("Counter", "FromDump"):
            out[base] = out.get(base, 0) + sum(e["out" if e["class"] == "FromDump" else "in"])
        if e["class"] == "Discard":
            out["discarded"] += sum(e["in"])
        out["dropped"] += int(e.get("drops", 0))
    return out


def test_sharded_router_accounts_for_every_packet(tmp_path: Path) -> None:
    """The -j 2 program (two shards, STOP true) reads every record once between its copies
    and stops only when both have ended: the same counts as -j 1."""
    one = _stats(tmp_path, "j1", "-j", "1")
    two = _stats(tmp_path, "j2", "-j", "2", "--explain")
    assert one["discarded"] > 0 and one["dropped"] == 0
    assert one["src"] == one["discarded"]
    assert two == one


SHARDS_BY_HAND = """
a :: FromDump($IN, SHARD 0, SHARDS 3, SHARD_OFFSET 30, SHARD_LENGTH 4, END_CALL s.run)
    -> ToDump($OUT/a.pcap);
b :: FromDump($IN, SHARD 1, SHARDS 3, SHARD_OFFSET 30, SHARD_LENGTH 4, END_CALL s.run)
    -> ToDump($OUT/b.pcap);
c :: FromDump($IN, SHARD 2, SHARDS 3, SHARD_OFFSET 30, SHARD_LENGTH 4, END_CALL s.run)
    -> ToDump($OUT/c.pcap);
all :: FromDump($IN) -> hs :: HashSwitch(30, 4);
hs[0] -> ToDump($OUT/h0.pcap);
hs[1] -> ToDump($OUT/h1.pcap);
hs[2] -> ToDump($OUT/h2.pcap);
s :: Script(TYPE PASSIVE, print "group ended after $(add $(a.count) $(b.count) $(c.count))");
"""


def test_shards_take_what_hashswitch_sends(tmp_path: Path) -> None:
    """Each shard of a file emits exactly the records a HashSwitch of the same key sends to
    its output (byte for byte, in file order), and the group's END_CALL runs once, after the
    last shard ended."""
    text = SHARDS_BY_HAND.replace("$OUT", str(tmp_path))
    prog = _build(tmp_path, "byhand", text, "-j", "1")
    r = subprocess.run([str(prog)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    for k, name in enumerate("abc"):
        got = (tmp_path / f"{name}.pcap").read_bytes()
        assert got == (tmp_path / f"h{k}.pcap").read_bytes(), name
        assert len(got) > 24, name       # the capture spreads over all three
    total = CAPTURE.stat().st_size
    assert total > 0
    assert r.stdout.count("group ended") == 1, r.stdout
    ends = [line for line in r.stdout.splitlines() if "group ended" in line]
    n = int(ends[0].rsplit(" ", 1)[1])
    assert n == sum(1 for _ in _records(CAPTURE))


def _records(path: Path) -> list[int]:
    """The captured lengths of a classic little-endian pcap file's records."""
    data = path.read_bytes()
    pos, out = 24, []
    while pos + 16 <= len(data):
        caplen = int.from_bytes(data[pos + 8:pos + 12], "little")
        out.append(caplen)
        pos += 16 + caplen
    return out


@pytest.mark.parametrize("extra, message", [
    ("TIMING true, SHARD 0, SHARDS 2, SHARD_LENGTH 4", "SHARDS: not with TIMING"),
    ("SHARD 2, SHARDS 2, SHARD_LENGTH 4", "SHARD must be less than SHARDS"),
    ("SHARD 0, SHARDS 2", "SHARD_LENGTH must be 1 to 64 bytes with SHARDS"),
])
def test_shard_arguments_checked(tmp_path: Path, extra: str, message: str) -> None:
    prog = _build(tmp_path, "bad", f"FromDump($IN, {extra}) -> Discard;", "-j", "1")
    r = subprocess.run([str(prog)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert message in r.stderr, r.stderr


#: ROUTER with a DriverManager that edits the route table once the run ended: through the
#: first replica alone, then through the group's handler.
EDITED = ROUTER + """
DriverManager(wait_stop, write rt@r0.add 192.168.0.0/16 1, write rt.add 172.16.0.0/12 0, stop);
"""


def test_replicas_share_one_route_table(tmp_path: Path) -> None:
    """The -j 2 shards' route lookups share the first replica's table (docs/c-interface.md
    "Replicas that share state"): the compiled routes are emitted once, the second replica
    answers from the first one's table (a route added through the first replica alone is in
    the second's table), and a write to the group reaches the table once (a second add of
    the same route would fail: "route exists")."""
    cfg = tmp_path / "edited.click"
    cfg.write_text(EDITED)
    c = subprocess.run([sys.executable, "-m", "clickc", "-O2", "-j", "2", "--emit", "c",
                        "--pass-option", f"cost={FULL_TABLE}", str(cfg), f"IN={CAPTURE}"],
                       capture_output=True, text=True, timeout=300)
    assert c.returncode == 0, c.stderr[-3000:]
    assert c.stdout.count("static const unsigned char ELEM(routes)[]") == 1
    assert c.stdout.count("#define ELEMENT_STATE_OF(sym)") == 1
    prog = _build(tmp_path, "edited", EDITED, "-j", "2", "--pass-option", f"cost={FULL_TABLE}")
    r = subprocess.run([str(prog), "-h", "rt@r1.table"], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "exists" not in r.stderr and "error" not in r.stderr, r.stderr
    table = sorted(ln.split()[0] for ln in r.stdout.splitlines() if "/" in ln)
    assert table == ["0.0.0.0/0", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"], r.stdout


PULLED = """
fd :: FromDump($IN, SHARD 1, SHARDS 3, SHARD_OFFSET 30, SHARD_LENGTH 4)
    -> u :: RatedUnqueue(RATE 1000) -> c :: Counter -> Discard;
Script(wait 0.0205, read c.count, read fd.packet_filepos, stop);
"""


def test_shard_position_is_the_last_record_emitted(tmp_path: Path) -> None:
    """A shard finds its records ahead of time (elements/userlevel/fromdump.c scan_ahead), but
    its position (``packet_filepos``, what a hot swap moves) stays just after the last record
    it emitted: pulled one at a time in simulated time, after COUNT packets it is the end of
    the COUNT-th record HashSwitch(30, 4) sends to output 1 of 3."""
    prog = _build(tmp_path, "pulled", PULLED, "-j", "1")
    r = subprocess.run([str(prog), "--simtime"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    lines = (r.stdout + r.stderr).split()
    count = int(lines[lines.index("c.count:") + 1])
    filepos = int(lines[lines.index("fd.packet_filepos:") + 1])
    data = CAPTURE.read_bytes()
    pos, ends = 24, []
    while pos + 16 <= len(data):
        caplen = int.from_bytes(data[pos + 8:pos + 12], "little")
        pkt = data[pos + 16:pos + 16 + caplen]
        choice = sum(pkt[30:34]) % 3 if caplen >= 34 else 0
        pos += 16 + caplen
        if choice == 1:
            ends.append(pos)
    assert 0 < count < len(ends)
    assert filepos == ends[count - 1]
