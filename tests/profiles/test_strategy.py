"""placement.strategy (greedy, udfs, auto) with profiles on examples/dualpath.click.

The profiles are synthetic (tests/profiles/dualpath_profile.py: Wu and Wolf's scenarios,
chosen service times), so the expected decisions follow from the rules in docs/passes.md and
docs/profiles.md, not from this machine's timings.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from clickc.driver import CompileOptions, check, optimize_graph, parse
from clickc.elements import registry
from clickc.errors import ClickError, ErrorHandler
from clickc.frontend.cmdline import Source
from clickc.ir import RouterGraph
from clickc.passes.costmodel import element_cost
from clickc.passes.manager import PassContext
from clickc.passes.placement import element_rates, merge_followers, workload
from clickc.passes.threads import analyze
from dualpath_profile import dualpath_profile

ROOT = Path(__file__).resolve().parents[2]
DUALPATH = ROOT / "examples" / "dualpath.click"
#: Every replica behind its own Queue and Unqueue (flow-split may otherwise run replica 0
#: inline on the front's thread), so each replica is a task the placement can move; the hash
#: split on the SPI (``split_order=0``), whose replicas' shares a profile measures (the
#: ordered split shares the work at run time: test_ordered_* below).
SPLIT = {"split_inline": "0", "split_replicas": "2", "split_order": "0"}


def replica_task(graph: RouterGraph, k: int) -> str:
    """The Unqueue task that runs flow-split's replica ``k`` of the IPsec region."""
    an = analyze(graph, registry)
    names = [t for t in an.tasks if t.endswith(f"@r{k}uq") and f"IPsecDES@25@r{k}" in
             an.tasks[t].reach]
    assert len(names) == 1, names
    return names[0]


def build(profile: Any, strategy: str | None = "greedy", nthreads: int = 2,
          passes: tuple[str, ...] | None = None, options: dict[str, str] | None = None,
          extra: str = "") -> tuple[RouterGraph, list[str], ErrorHandler]:
    errh = ErrorHandler()
    source = Source(text=DUALPATH.read_text() + extra, name=str(DUALPATH))
    graph = check(parse(source, {}, errh), errh).graph
    opts = dict(SPLIT)
    opts.update(options or {})
    if strategy is not None:
        opts["placement.strategy"] = strategy
    explain: list[str] = []
    options_ = CompileOptions(threads=nthreads, passes=passes,
                              pass_options=tuple(f"{k}={v}" for k, v in opts.items()))
    optimize_graph(graph, options_, errh, explain, profile=profile)
    return graph, explain, errh


def thread(graph: RouterGraph, name: str) -> int:
    t: int = graph.element(name).facts.thread
    return t


def placement_lines(explain: list[str]) -> list[str]:
    return [x for x in explain if x.startswith("[placement]")]


def test_unknown_strategy_is_an_error() -> None:
    with pytest.raises(ClickError):
        build(None, "fastest")


def test_dotted_pass_option_on_the_command_line(tmp_path: Path) -> None:
    from clickc.cli import main

    out = tmp_path / "flat.click"
    assert main(["-O2", "-j", "2", str(DUALPATH), "--emit", "flat", "-o", str(out),
                 "--pass-option", "placement.strategy=udfs"]) == 0
    assert main(["-O2", "-j", "2", str(DUALPATH), "--emit", "flat", "-o", str(out),
                 "--pass-option", "placement.strategy=best"]) == 1


def test_rates_follow_the_measured_counts() -> None:
    """Packets/s into each element: measured where the profile has it; flow-split's inserted
    elements and replicas (not in a -j 1 profile) get their share of what flows in."""
    prof = dualpath_profile(0.5, rate=100000)
    graph, _, _ = build(prof, "greedy")
    rin, _ = element_rates(graph, prof)
    assert rin["src"] == pytest.approx(100000)
    assert rin["vrt"] == pytest.approx(100000)       # 50000 VPN packets pass it twice
    assert rin["IPsecAuthHMACSHA1@24@split"] == pytest.approx(50000)
    assert rin["IPsecDES@25@r0"] == pytest.approx(25000)
    assert rin[replica_task(graph, 1)] == pytest.approx(25000)


@pytest.mark.parametrize("vpn", [0.01, 0.5, 0.99])
def test_task_work_is_conserved(vpn: float) -> None:
    """The tasks' work (w_i = u_i * E[S_i]) adds up to every element's measured rate times
    its cost, a Queue counted for both sides (enqueue and dequeue)."""
    prof = dualpath_profile(vpn)
    graph, _, _ = build(prof, "greedy")
    ctx = PassContext(registry=registry, errh=ErrorHandler(), nthreads=2, profile=prof)
    an = analyze(graph, registry)
    wl = workload(graph, ctx, an)
    rin, _ = element_rates(graph, prof)
    expect = 0.0
    for e in graph.elements():
        sides = sum(1 for t in an.tasks.values() if e.name in t.reach)
        if sides == 0:
            continue
        mult = 2 if e.name in an.queues else 1
        c = prof.get(str(e.facts.replica_of or e.name),
                     element_cost(e, registry, prof, {}))
        expect += rin[e.name] * c * mult
    assert sum(ld.work for ld in wl.loads.values()) == pytest.approx(expect, rel=1e-6)
    assert wl.loads["src"].utilization == pytest.approx(100000)
    assert wl.base == pytest.approx(100000)


def test_profile_moves_the_busy_replica_off_the_source_thread() -> None:
    """A -j 2 profile shows that the one security association's packets all take replica 0
    (flow-split's SPI key): the profile-guided greedy gives that replica a thread of its
    own, where the estimates (every replica equally busy) put it beside the source."""
    static, _, _ = build(None, "greedy")
    r0 = replica_task(static, 0)
    assert thread(static, r0) == thread(static, "src")  # the static plan, for contrast
    prof = dualpath_profile(0.99, replicas={"IPsecAuthHMACSHA1@24": [99000, 0],
                                            "IPsecDES@25": [99000, 0]})
    graph, explain, _ = build(prof, "greedy")
    r0, r1 = replica_task(graph, 0), replica_task(graph, 1)
    assert thread(graph, r0) != thread(graph, "src")
    assert thread(graph, "ToDump@18") == thread(graph, "src")
    lines = placement_lines(explain)
    assert any(re.search(rf"{re.escape(r1)}: u_i 0 packets/s", x) for x in lines)


def test_udfs_plan_has_the_numbers() -> None:
    prof = dualpath_profile(0.5)
    graph, explain, _ = build(prof, "udfs")
    lines = placement_lines(explain)
    r0, r1 = replica_task(graph, 0), replica_task(graph, 1)
    group = [x for x in lines if re.search(r"udfs: \S+@r\*: u_i", x)]
    assert len(group) == 1
    m = re.search(r"u_i ([\d.e+]+), E\[S_i\] ([\d.e+]+), w_i ([\d.e+]+), d_i (\d+) wanted, "
                  r"(\d+) realized", group[0])
    assert m is not None
    u, es, w = (float(m.group(i)) for i in (1, 2, 3))
    assert u == pytest.approx(50000, rel=1e-5)
    assert w == pytest.approx(u * es, rel=1e-5)
    assert int(m.group(5)) == 2
    # the source wants more instances than one, and cannot have them
    assert any("udfs: src:" in x and "not replicable, keeps d_i = 1: a source" in x
               for x in lines) or any("udfs: src:" in x and "d_i 1 wanted" in x for x in lines)
    assert any(x.startswith("[placement] udfs: predicted loads per thread") for x in lines)
    assert any(f"{r0} -> " in x and f"{r1} -> " in x for x in lines)
    # UDFS: instances with traffic, equal counts per CPU (differ by at most one)
    live = [t for t in analyze(graph, registry).tasks if not t.startswith("DriverManager")]
    counts = [sum(1 for t in live if thread(graph, t) == c) for c in (0, 1)]
    assert abs(counts[0] - counts[1]) <= 1


@pytest.mark.parametrize("vpn", [0.01, 0.5, 0.99])
@pytest.mark.parametrize("skew", [False, True])
def test_auto_is_never_worse_than_either(vpn: float, skew: bool) -> None:
    """auto takes the plan with the smaller predicted makespan: never above the greedy's or
    UDFS's, and its choice is the placement the graph gets."""
    n = int(100000 * vpn)
    reps = {"IPsecAuthHMACSHA1@24": [n, 0], "IPsecDES@25": [n, 0]} if skew else None
    prof = dualpath_profile(vpn, replicas=reps)
    graph, explain, _ = build(prof, "auto")
    line = next(x for x in explain if "auto: predicted makespan" in x)
    m = re.search(r"greedy ([\d.e+]+), udfs ([\d.e+]+) cycles/packet: (\w+)", line)
    assert m is not None
    g, u, pick = float(m.group(1)), float(m.group(2)), m.group(3)
    assert pick == ("udfs" if u < g * (1 - 1e-9) else "greedy")
    alone, _, _ = build(prof, pick)
    assert {e.name: e.facts.thread for e in alone.elements()} == \
        {e.name: e.facts.thread for e in graph.elements()}


@pytest.mark.parametrize("strategy", ["udfs", "auto"])
def test_static_thread_sched_wins_over_udfs(strategy: str) -> None:
    prof = dualpath_profile(0.5)
    graph, _, _ = build(prof, strategy, extra="StaticThreadSched(src 1, ToDump@18 1);\n")
    assert thread(graph, "src") == 1 and thread(graph, "ToDump@18") == 1


def test_without_profile_default_is_unchanged() -> None:
    """No profile: the default strategy is the greedy of SMP Click with the estimates (the
    same placement as before strategies existed: the golden files check the C)."""
    a, _, _ = build(None, None)
    b, _, _ = build(None, "greedy")
    assert {e.name: e.facts.thread for e in a.elements()} == \
        {e.name: e.facts.thread for e in b.elements()}


PCAP = ROOT.parent / "shared" / "pcaps" / "ndpi-gnutella.pcap"


def flows(path: Path) -> dict[tuple[Any, ...], list[bytes]]:
    """The frames of a pcap by flow (IPv4 addresses, protocol, and ports or the ESP SPI), in
    order within each flow."""
    import dpkt

    out: dict[tuple[Any, ...], list[bytes]] = {}
    with path.open("rb") as f:
        for _, buf in dpkt.pcap.Reader(f):
            eth = dpkt.ethernet.Ethernet(buf)
            ip = eth.data
            key: tuple[Any, ...] = ("other",)
            if isinstance(ip, dpkt.ip.IP):
                key = (ip.src, ip.dst, ip.p)
                if ip.p in (6, 17) and len(bytes(ip.data)) >= 4:
                    key += (bytes(ip.data)[:4],)
                elif ip.p == 50:
                    key += (bytes(ip.data)[:4],)
            out.setdefault(key, []).append(buf)
    return out


@pytest.mark.serial  # routers on two threads (both CPUs)
def test_profile_guided_udfs_end_to_end(tmp_path: Path) -> None:
    """Build dualpath with -j 2 --profile-generate, run it on a real capture, recompile with
    --profile-use and placement.strategy=udfs: the router forwards the same packets, in the
    same order within each flow, as the -O0 build."""
    from clickc.backend.cc import find_cc
    from clickc.cli import main

    if not PCAP.is_file():
        pytest.skip("../shared/pcaps not available")
    try:
        find_cc()
    except Exception:  # noqa: BLE001 - no compiler: nothing to run
        pytest.skip("no C compiler")
    prof = tmp_path / "dp.prof"
    results = {}
    for name, extra in (("o0", ["-O0"]),
                        ("gen", ["-O2", "-j", "2", f"--profile-generate={prof}"]),
                        ("use", ["-O2", "-j", "2", f"--profile-use={prof}",
                                 "--pass-option", "placement.strategy=udfs"])):
        out = tmp_path / f"{name}.pcap"
        exe = tmp_path / name
        assert main([*extra, str(DUALPATH), "PLAIN=50", "VPN=50", f"IN={PCAP}",
                     f"OUT={out}", "-o", str(exe)]) == 0
        p = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        results[name] = (p.stdout, flows(out))
        if name == "gen":
            assert prof.is_file()
    o0_text, o0 = results["o0"]
    assert sum(len(v) for v in o0.values()) > 1000
    assert any(k[2] == 50 for k in o0 if len(k) > 2)   # tunneled packets are there
    for name in ("gen", "use"):
        text, got = results[name]
        assert text == o0_text, name                   # the DriverManager's counts
        assert got == o0, name


@pytest.mark.parametrize("strategy", ["greedy", "udfs", "auto"])
def test_ordered_replica_gets_its_own_thread_whatever_the_profile(strategy: str) -> None:
    """The default ordered split of the one-SA tunnel (OrderSplit/OrderMerge): a profile in
    which the queued replica happened to do nothing (the inline replica took every packet in
    that run) does not put it beside the source, since OrderSplit shares the work at run
    time; the merge's Unqueue runs with the task that runs the split (the front), so the
    output Queue, which the front's plain path fills too, keeps one pushing thread."""
    prof = dualpath_profile(0.5, replicas={"IPsecAuthHMACSHA1@24": [50000, 0],
                                           "IPsecDES@25": [50000, 0]})
    for p in (None, prof):
        graph, explain, errh = build(p, strategy, options={"split_order": "auto",
                                                           "split_inline": "1"})
        assert errh.nerrors == 0
        assert graph.element("IPsecAuthHMACSHA1@24@split").class_name == "OrderSplit"
        r1 = replica_task(graph, 1)
        muq = "IPsecAuthHMACSHA1@24@orderuq"
        front = merge_followers(graph, analyze(graph, registry))[muq]
        lines = placement_lines(explain)
        assert thread(graph, r1) != thread(graph, front), lines
        assert thread(graph, muq) == thread(graph, front), lines
        assert graph.element("q").facts.producers == 1, lines
