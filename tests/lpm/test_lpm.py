"""Tests of the shared longest-prefix-match structure (runtime/lpm.c) and clickc.routes.

* golden/: command scripts whose expected outputs were recorded from real Click (see
  record_lpm_click.py): table order, handler results and error messages of the four classes;
* property tests (hypothesis): random route sets and add/set/remove sequences against a simple
  Python longest-prefix-match reference, with the DIR-24-8 invariants checked;
* the routeviews 2014 table (../shared/routes) loaded and checked on a sample of addresses;
* the C driver is built with -Wall -Wextra -Werror, and again with AddressSanitizer and
  UndefinedBehaviorSanitizer, and every scenario runs under both builds.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from clickc.frontend.confparse import cp_argvec
from clickc.routes import (
    IPRoute,
    load_pyasn,
    parse_prefix,
    parse_route,
    parse_route_config,
    prefix_mask,
    unparse_ip,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RUNTIME = ROOT / "runtime"
ELEMENTS = ROOT / "elements"
GOLDEN = HERE / "golden"
ROUTES = ROOT.parent / "shared" / "routes"
ROUTEVIEWS = ROUTES / "routeviews-20140513-pyasn.txt"

WARN = ["-std=c11", "-Wall", "-Wextra", "-Werror"]


def _compiler() -> str:
    for cc in ("clang", "gcc", "cc"):
        if shutil.which(cc):
            return cc
    pytest.skip("no C compiler")
    raise AssertionError  # unreachable


def _build(out: Path, flags: list[str]) -> Path:
    cc = _compiler()
    cmd = [cc, *WARN, *flags, f"-I{RUNTIME}", f"-I{ELEMENTS}", str(RUNTIME / "lpm.c"),
           str(ELEMENTS / "ip" / "routetable.c"), str(HERE / "rt_harness.c"), "-o", str(out)]
    subprocess.run(cmd, check=True)
    return out


@pytest.fixture(scope="session")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("lpm") / "rt_harness", ["-O2", "-g"])


@pytest.fixture(scope="session")
def harness_asan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not shutil.which("clang"):
        pytest.skip("clang needed for the sanitizer build")
    return _build(tmp_path_factory.mktemp("lpm-asan") / "rt_harness",
                  ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                   "-fno-omit-frame-pointer"])


@pytest.fixture(scope="session", params=["plain", "asan"])
def driver(request: pytest.FixtureRequest) -> Path:
    name = "harness" if request.param == "plain" else "harness_asan"
    path: Path = request.getfixturevalue(name)
    return path


def run(driver: Path, script: str, timeout: float = 300) -> str:
    """Run the driver on a script; returns its output without blank lines."""
    env = {"ASAN_OPTIONS": "detect_leaks=1", "UBSAN_OPTIONS": "print_stacktrace=1",
           "PATH": "/usr/bin:/bin"}
    res = subprocess.run([str(driver)], input=script, capture_output=True, text=True,
                         timeout=timeout, env=env)
    assert res.returncode == 0, res.stderr
    assert "runtime error" not in res.stderr, res.stderr
    return "\n".join(x for x in res.stdout.split("\n") if x) + "\n"


# ---------------------------------------------------------------------------------------------
# Golden scripts recorded from Click

def _golden_cases() -> Iterator[str]:
    for p in sorted(GOLDEN.glob("*.cmds")):
        yield p.stem


@pytest.mark.parametrize("case", list(_golden_cases()))
def test_golden_against_click(driver: Path, case: str) -> None:
    script = (GOLDEN / f"{case}.cmds").read_text()
    expected = (GOLDEN / f"{case}.expected").read_text()
    assert run(driver, script) == expected


def test_golden_cases_exist() -> None:
    assert len(list(_golden_cases())) >= 20


# ---------------------------------------------------------------------------------------------
# A reference longest-prefix match

class RefTable:
    """Prefixes with (gw, port); Click's add/set/remove rules for exact prefixes."""

    def __init__(self) -> None:
        self.routes: dict[tuple[int, int], tuple[int, int]] = {}

    def add(self, r: IPRoute, replace: bool) -> bool:
        key = (r.addr, r.prefix_len)
        if key in self.routes and not replace:
            return False
        self.routes[key] = (r.gw, r.port)
        return True

    def remove(self, r: IPRoute) -> bool:
        key = (r.addr, r.prefix_len)
        cur = self.routes.get(key)
        if cur is None or (r.port >= 0 and cur != (r.gw, r.port)):
            return False
        del self.routes[key]
        return True

    def lookup(self, a: int) -> tuple[int, int]:
        for length in range(32, -1, -1):
            hit = self.routes.get((a & prefix_mask(length), length))
            if hit is not None:
                return hit[1], hit[0]
        return -1, 0


def _route_text(r: IPRoute, with_port: bool = True) -> str:
    gw = unparse_ip(r.gw) if r.gw else "-"
    return f"{unparse_ip(r.addr)}/{r.prefix_len} {gw} {r.port}" if with_port else \
        f"{unparse_ip(r.addr)}/{r.prefix_len}"


# Prefixes concentrated in a few regions so that they nest and share /24 blocks.
_bases = st.sampled_from([0x0A000000, 0x0A010200, 0x0A0102FF, 0xC0A80000, 0x00000000,
                          0xFFFFFF00, 0x7F000000])
_prefix = st.tuples(_bases, st.integers(0, 0xFFFF), st.integers(0, 32)).map(
    lambda t: ((t[0] ^ (t[1] << (t[2] % 17))) & prefix_mask(t[2]), t[2]))
_route = st.tuples(_prefix, st.sampled_from([0, 0x01010101, 0x02020202]),
                   st.integers(0, 3)).map(
    lambda t: IPRoute(t[0][0], prefix_mask(t[0][1]), t[1], t[2]))
_op = st.tuples(st.sampled_from(["add", "set", "remove", "remove-exact"]), _route)


def _probe_addresses(routes: list[IPRoute], rng: random.Random) -> list[int]:
    out = [rng.getrandbits(32) for _ in range(50)]
    for r in routes:
        size = (~r.mask & 0xFFFFFFFF) + 1
        out += [r.addr, (r.addr + size - 1) & 0xFFFFFFFF, (r.addr + size) & 0xFFFFFFFF,
                (r.addr - 1) & 0xFFFFFFFF, r.addr + rng.randrange(size)]
    return out


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(cls=st.sampled_from(["LinearIPLookup", "RadixIPLookup", "DirectIPLookup"]),
       ops=st.lists(_op, min_size=1, max_size=60), seed=st.integers(0, 2**32 - 1))
def test_random_updates_match_reference(harness: Path, cls: str,
                                        ops: list[tuple[str, IPRoute]], seed: int) -> None:
    ref = RefTable()
    lines = [f"class {cls} 4"]
    for kind, r in ops:
        if kind == "add":
            lines.append(f"add {_route_text(r)}")
            ref.add(r, False)
        elif kind == "set":
            lines.append(f"set {_route_text(r)}")
            ref.add(r, True)
        elif kind == "remove":
            lines.append(f"remove {_route_text(r, False)}")
            ref.remove(IPRoute(r.addr, r.mask, 0, -1))
        else:
            lines.append(f"remove {_route_text(r)}")
            ref.remove(r)
    rng = random.Random(seed)
    addrs = _probe_addresses([r for _, r in ops], rng)
    lines.append("lookups")
    lines += [unparse_ip(a) for a in addrs]
    lines += ["end", "check"]
    out = run(harness, "\n".join(lines) + "\n").split("\n")
    i = out.index("@@ lookups") + 1
    got = out[i:i + len(addrs)]
    for a, line in zip(addrs, got, strict=True):
        port, gw = ref.lookup(a)
        if cls == "DirectIPLookup" and port < 0:
            # Direct reports the last default route's gateway with port -1
            assert line.split()[0] == "-1", (unparse_ip(a), line)
            continue
        assert line == f"{port} {unparse_ip(gw)}", (unparse_ip(a), line)
    assert out[i + len(addrs)] == "@@ check" and out[i + len(addrs) + 1] == "ok"


def test_sanitized_random_updates(harness_asan: Path) -> None:
    rng = random.Random(7)
    ref = RefTable()
    lines = ["class RadixIPLookup 4"]
    routes = []
    for _ in range(3000):
        length = rng.choice([8, 12, 16, 20, 22, 24, 24, 25, 27, 30, 32])
        a = (rng.choice([0x0A000000, 0xC0A80000, 0x64400000]) | rng.getrandbits(20))
        r = IPRoute(a & prefix_mask(length), prefix_mask(length), 0, rng.randrange(4))
        routes.append(r)
        if rng.random() < 0.3 and ref.routes:
            (ra, rl), _ = rng.choice(list(ref.routes.items()))
            lines.append(f"remove {unparse_ip(ra)}/{rl}")
            ref.remove(IPRoute(ra, prefix_mask(rl), 0, -1))
        else:
            lines.append(f"add {_route_text(r)}")
            ref.add(r, False)
    addrs = _probe_addresses(routes[:500], rng)
    lines += ["lookups", *[unparse_ip(a) for a in addrs], "end", "check", "flush", "check"]
    out = run(harness_asan, "\n".join(lines) + "\n").split("\n")
    i = out.index("@@ lookups") + 1
    for a, line in zip(addrs, out[i:i + len(addrs)], strict=True):
        port, gw = ref.lookup(a)
        assert line == f"{port} {unparse_ip(gw)}"
    assert out.count("ok") == 2


# ---------------------------------------------------------------------------------------------
# The routeviews table

@pytest.mark.skipif(not ROUTEVIEWS.exists(), reason="../shared/routes not present")
def test_routeviews_full_table(harness: Path) -> None:
    table = load_pyasn(str(ROUTEVIEWS), 16)
    assert len(table.routes) > 500_000
    ref = RefTable()
    for r in table.routes:
        ref.add(r, False)
    rng = random.Random(2014)
    addrs = [rng.getrandbits(32) for _ in range(20000)]
    addrs += [r.addr + rng.randrange((~r.mask & 0xFFFFFFFF) + 1)
              for r in rng.sample(table.routes, 20000)]
    for trace in sorted(ROUTES.glob("dsttrace-*.txt")):
        addrs += [int.from_bytes(bytes(int(x) for x in ln.split(".")), "big")
                  for ln in trace.read_text().split()[:5000]]
    for cls in ("RadixIPLookup", "DirectIPLookup"):
        script = [f"class {cls} 16", f"load {ROUTEVIEWS} 16", "stats", "lookups",
                  *[unparse_ip(a) for a in addrs], "end", "check"]
        out = run(harness, "\n".join(script) + "\n").split("\n")
        loaded = out[out.index(f"@@ load {ROUTEVIEWS} 16") + 1]
        assert loaded.endswith(f"prefixes {len(table.routes)}"), loaded
        i = out.index("@@ lookups") + 1
        for a, line in zip(addrs, out[i:i + len(addrs)], strict=True):
            port, gw = ref.lookup(a)
            assert line.split()[0] == str(port), (cls, unparse_ip(a), line)
        assert out[-2:] == ["ok", ""] or out[-1] == "ok", out[-3:]


# ---------------------------------------------------------------------------------------------
# Bulk lookups (ck_lpm_lookup_bulk, its portable and AVX-512 paths, ck_rt_lookup_bulk) give
# what one lookup per address gives

def _bulk_ok(out: str) -> list[str]:
    lines = [x for x in out.split("\n") if x.startswith("bulk ")]
    assert lines and all(x.startswith("bulk ok ") for x in lines), out[-2000:]
    return lines


@pytest.mark.skipif(not ROUTEVIEWS.exists(), reason="../shared/routes not present")
def test_bulk_lookup_full_table(harness: Path) -> None:
    """The whole routeviews table: 200,000 random addresses and the first, last and a random
    address of each of the 512,621 prefixes, in bursts of 0 to 70; then again with a default
    route (kept outside the tables)."""
    script = ["class RadixIPLookup 16", f"load {ROUTEVIEWS} 16", "bulkcheck 200000 1", "end",
              "add 0.0.0.0/0 9.9.9.9 3", "bulkcheck 20000 2", "end"]
    lines = _bulk_ok(run(harness, "\n".join(script) + "\n"))
    assert len(lines) == 2
    assert int(lines[0].split()[2]) == 200000 + 3 * 512621


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(cls=st.sampled_from(["RadixIPLookup", "DirectIPLookup"]),
       ops=st.lists(_op, min_size=0, max_size=60),
       addrs=st.lists(st.integers(0, 2**32 - 1), max_size=100), seed=st.integers(0, 2**32 - 1))
def test_bulk_lookup_random_tables(harness: Path, cls: str, ops: list[tuple[str, IPRoute]],
                                   addrs: list[int], seed: int) -> None:
    """Random tables (nested prefixes, shared /24 blocks, default routes, removals)."""
    lines = [f"class {cls} 4"]
    for kind, r in ops:
        lines.append(f"{'remove' if kind.startswith('remove') else kind} {_route_text(r)}")
    lines += [f"bulkcheck 200 {seed}", *[unparse_ip(a) for a in addrs], "end"]
    _bulk_ok(run(harness, "\n".join(lines) + "\n"))


def test_bulk_lookup_sanitized(harness_asan: Path) -> None:
    """Under AddressSanitizer and UndefinedBehaviorSanitizer: an empty table, then nested
    prefixes around the ends of the address space (first and last /24 blocks)."""
    script = ["class RadixIPLookup 4", "bulkcheck 1000 5", "end",
              "add 0.0.0.0/25 1", "add 0.0.0.128/32 2", "add 255.255.255.0/24 3",
              "add 255.255.255.255/32 1", "add 10.0.0.0/8 2", "add 10.1.2.0/26 3",
              "bulkcheck 5000 6", "0.0.0.0", "255.255.255.255", "end"]
    assert len(_bulk_ok(run(harness_asan, "\n".join(script) + "\n"))) == 2


# ---------------------------------------------------------------------------------------------
# clickc.routes: the configuration parser agrees with the C parser and Click's rules

def test_parse_route_forms() -> None:
    assert parse_route("18.26.4/24 1") == IPRoute(0x121A0400, 0xFFFFFF00, 0, 1)
    assert parse_route("18.26.4.9/24 - 0x2") == IPRoute(0x121A0400, 0xFFFFFF00, 0, 2)
    assert parse_route("0/0 18.26.4.1 1") == IPRoute(0, 0, 0x121A0401, 1)
    assert parse_route("1.2.3.4 010") == IPRoute(0x01020304, 0xFFFFFFFF, 0, 8)
    assert parse_route("1.2.3.0/24", remove=True) == IPRoute(0x01020300, 0xFFFFFF00, 0, -1)
    assert parse_route("1.2.3.0/24") is None
    assert parse_route("1.2.3/25 1") is None  # mask longer than the given bytes
    assert parse_route("1.2.3.0/24 1 2") is None
    assert parse_route("1.2.3.0/24 1.1.1 1") is None
    assert parse_route("1.2.3.0/255.255.0.0 /* c */ 1") == IPRoute(0x01020000, 0xFFFF0000, 0, 1)
    assert parse_prefix("1.2.3.4/33") is None


def test_configure_messages() -> None:
    conf = "1.2.3.4/33 1, 1.2.3.0/24 2, 1.2.3.0/24 1, 1.2.3.0/24 0, 4/8 1, 4.0.0.0/8 0"
    table, msgs = parse_route_config(cp_argvec(conf), 2)
    assert msgs.errors == ["argument 1 should be 'ADDR/MASK [GATEWAY] OUTPUT'",
                           "argument 2 bad OUTPUT"]
    assert msgs.warnings == ["2 routes replaced by later versions"]
    assert [r.unparse() for r in table.routes] == ["1.2.3.0/24 - 1", "4.0.0.0/8 - 1"]
    assert table.c_len() == 2 and len(table.packed()) == 32
    assert table.c_literal().startswith('"')


_word = st.sampled_from(["1.2.3.4", "1.2.3.0/24", "10/8", "0/0", "1.2.3/24", "1.2/255.255.0.0",
                         "-", "1", "0x1", "07", "08", "-1", "+2", "1_0", "2.2.2.2", "foo",
                         "1.2.3.4/33", "/24", "1.2.3.4/", "0b1", "4294967297", "",
                         "1.2.3.4/255.0.255.0"])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(args=st.lists(st.lists(_word, min_size=0, max_size=4).map(" ".join), min_size=1,
                     max_size=8))
def test_python_and_c_configure_agree(harness: Path, args: list[str]) -> None:
    conf = ", ".join(args)
    table, msgs = parse_route_config(cp_argvec(conf), 3)
    out = run(harness, f"class LinearIPLookup 3\nconfig {conf}\ntable\n").split("\n")
    start = next(i for i, x in enumerate(out) if x.startswith("@@ config"))
    c_msgs = out[start + 1:out.index("@@ table")]
    py = ["error: " + e for e in msgs.errors] + ["warning: " + w for w in msgs.warnings]
    assert c_msgs == py
    c_table = out[out.index("@@ table") + 1:-1]
    assert c_table == [r.unparse(tabs=True) for r in table.routes]


@pytest.mark.skipif(not shutil.which("gcc"), reason="gcc not installed")
def test_gcc_builds_cleanly(tmp_path: Path) -> None:
    """The structure, the test driver and the benchmark driver are -Wall -Wextra -Werror clean
    with gcc too (the other tests build with clang when it is there)."""
    for main in (HERE / "rt_harness.c", ROOT / "bench" / "lpm_bench.c"):
        subprocess.run(["gcc", *WARN, "-O2", f"-I{RUNTIME}", f"-I{ELEMENTS}",
                        str(RUNTIME / "lpm.c"), str(ELEMENTS / "ip" / "routetable.c"), str(main),
                        "-o", str(tmp_path / main.stem)], check=True)
    # the benchmark's rte_lpm part, when the installed DPDK is there (compiled, not run)
    dpdk = subprocess.run(["pkg-config", "--cflags", "libdpdk"], capture_output=True, text=True)\
        if shutil.which("pkg-config") else None
    if dpdk is not None and dpdk.returncode == 0:
        subprocess.run(["gcc", *WARN, "-O2", f"-I{RUNTIME}", f"-I{ELEMENTS}", "-DCK_BENCH_DPDK",
                        *dpdk.stdout.split(), "-c", str(ROOT / "bench" / "lpm_bench.c"), "-o",
                        str(tmp_path / "lpm_bench_dpdk.o")], check=True)


@pytest.mark.parametrize("cls", ["LinearIPLookup", "RadixIPLookup", "DirectIPLookup"])
def test_ctrl_is_one_transaction(driver: Path, cls: str) -> None:
    """Click's ctrl handler runs its lines in order and, at the first failure, undoes the lines
    already run in reverse order (IPRouteTable::ctrl_handler); blank lines are skipped."""
    script = "\n".join([
        f"class {cls} 3",
        "config 10.0.0.0/8 1, 10.1.0.0/16 2.2.2.2 2",
        r"ctrl add 20.0.0.0/8 1\n\nset 10.0.0.0/8 0\nremove 10.1.0.0/16\nbogus 1",
        "table",
        r"ctrl add 20.0.0.0/8 1\nremove 30.0.0.0/8",
        "table",
        r"ctrl set 10.0.0.0/8 5",
        r"ctrl add 10.0.0.0/8 0",
        r"ctrl add 20.0.0.0/8 1\nset 10.0.0.0/8 - 0\nremove 10.1.0.0/16 2.2.2.2 2",
        "table",
        "lookup 10.1.2.3",
    ]) + "\n"
    out = run(driver, script)
    before = "10.0.0.0/8\t\t-\t\t1\n10.1.0.0/16\t\t2.2.2.2\t\t2\n"
    after = "10.0.0.0/8\t\t-\t\t0\n20.0.0.0/8\t\t-\t\t1\n"
    # (tables are compared as sets of lines: DirectIPLookup lists them in hash-bucket order)
    expected_head = (
        f"@@ class {cls} 3\n"
        "@@ config 10.0.0.0/8 1, 10.1.0.0/16 2.2.2.2 2\n"
        "@@ ctrl add 20.0.0.0/8 1\\n\\nset 10.0.0.0/8 0\\nremove 10.1.0.0/16\\nbogus 1\n"
        "error: bad command 'bogus'\n")
    assert out.startswith(expected_head)
    rest = out[len(expected_head):]
    tables = [t for t in rest.split("@@ ") if t.startswith("table")]
    assert sorted(tables[0].split("\n")[1:]) == sorted(before.split("\n"))
    assert "error: route '30.0.0.0/8 - -1' not found" in rest
    assert sorted(tables[1].split("\n")[1:]) == sorted(before.split("\n"))
    assert "@@ ctrl set 10.0.0.0/8 5\nerror: bad OUTPUT\n" in rest
    assert "error: conflict with existing route '10.0.0.0/8 - 1'" in rest
    assert sorted(tables[2].split("\n")[1:]) == sorted(after.split("\n"))
    assert rest.endswith("@@ lookup 10.1.2.3\n0\n")
