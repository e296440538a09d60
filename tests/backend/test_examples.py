"""The plain forwarding example (examples/forward.click), compiled and run: on its shipped
capture, on real captures from ../shared/pcaps (packet counts checked against dpkt's
independent parse), through ``clickc`` and ``clickc run``, with run-time parameters."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import dpkt
import pytest

REPO = Path(__file__).resolve().parents[2]
PCAPS = REPO.parent / "shared" / "pcaps"
EXAMPLE = "examples/forward.click"  # the plain forwarding path; iprouter.click: tests/examples

#: Real captures (Ethernet, and other link types FromDump reads) for the example.
REAL = [
    "tcpdump-afs.pcap", "tcpdump-IGMP_V1.pcap", "tcpdump-various_gre.pcap",
    "tcpdump-vrrp.pcap", "tcpdump-dhcp-rfc4388.pcap", "ndpi-gnutella.pcap",
    "ndpi-icmp-tunnel.pcap", "ndpi-ip_fragmented_garbage.pcap", "suricata-icmpv4-ping.pcap",
    "suricata-decode-too-small.pcap", "libtrace-100_packets.pcap", "libtrace-fragtest.pcap",
    "tcpreplay-test.pcap", "ndpi-fuzz-2006-06-26-2594.pcap",
]


def count_records(path: Path) -> int:
    """Records in a pcap file, by dpkt (independent of clickc's libpcap reader)."""
    with path.open("rb") as f:
        return sum(1 for _ in dpkt.pcap.Reader(f))


@pytest.fixture(scope="module")
def router(tmp_path_factory: pytest.TempPathFactory) -> Path:
    prog = tmp_path_factory.mktemp("iprouter") / "router"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", EXAMPLE, "-o", str(prog)],
                       cwd=REPO, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return prog


def _run(prog: Path, *args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(prog), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_default_capture(router: Path, tmp_path: Path) -> None:
    n = count_records(REPO / "examples" / "iprouter-in.pcap")
    out = tmp_path / "out.pcap"
    r = _run(router, f"OUT={out}", f"--stats={tmp_path / 's.json'}")
    assert r.returncode == 0, r.stderr
    # the example's DriverManager prints its counters at the end of the capture
    assert r.stdout == (f"in_count.count: {n}\nout_count.count: {n}\nout_q.drops: 0\n")
    # every frame went out with the new Ethernet header and its IP packet unchanged
    with (REPO / "examples" / "iprouter-in.pcap").open("rb") as f:
        ins = [(ts, buf) for ts, buf in dpkt.pcap.Reader(f)]
    with out.open("rb") as f:
        outs = [(ts, buf) for ts, buf in dpkt.pcap.Reader(f)]
    assert len(outs) == n
    for (ts_in, a), (ts_out, b) in zip(ins, outs, strict=True):
        assert b[:14] == bytes.fromhex("0000c08a67ef" "0000c04f71ef" "0800")
        assert b[14:] == a[14:]
        assert abs(float(ts_in) - float(ts_out)) < 1e-6  # timestamps preserved
    stats = json.loads((tmp_path / "s.json").read_text())
    assert sum(t["packets"] for t in stats["threads"]) == n


@pytest.mark.skipif(not PCAPS.is_dir(), reason="../shared/pcaps not present")
@pytest.mark.parametrize("name", REAL)
def test_real_capture(router: Path, name: str, tmp_path: Path) -> None:
    cap = PCAPS / name
    n = count_records(cap)
    out = tmp_path / "out.pcap"
    r = _run(router, f"IN={cap}", f"OUT={out}", "-h", "in_count.count",
             "-h", "out_count.count")
    assert r.returncode == 0, r.stderr
    # DriverManager's report, then the -h handlers in Click's format
    assert r.stdout == (f"in_count.count: {n}\nout_count.count: {n}\nout_q.drops: 0\n"
                        f"in_count.count:\n{n}\n\nout_count.count:\n{n}\n\n")
    assert count_records(out) == n


def test_clickc_run(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    cmd = [sys.executable, "-m", "clickc", "run", "-O1", EXAMPLE, f"OUT={tmp_path / 'o.pcap'}",
           "-h", "out_count.count"]
    first = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    n = count_records(REPO / "examples" / "iprouter-in.pcap")
    assert first.stdout.endswith(f"out_q.drops: 0\n{n}\n")
    # the compiled router is cached: asking again finds the same program, not rebuilt
    where = [subprocess.run([*cmd, "--print-program"], cwd=REPO, env=env, capture_output=True,
                            text=True, timeout=600).stdout.strip() for _ in range(2)]
    assert where[0] == where[1]
    prog = Path(where[0])
    assert prog.is_file() and (tmp_path / "cache" / "clickc" / "routers") in prog.parents


@pytest.mark.skipif(not PCAPS.is_dir(), reason="../shared/pcaps not present")
def test_clickc_run_shares_programs_across_run_time_parameters(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    for name in ("tcpdump-afs.pcap", "libtrace-100_packets.pcap"):
        r = subprocess.run([sys.executable, "-m", "clickc", "run", "-O0", EXAMPLE,
                            f"IN={PCAPS / name}", f"OUT={tmp_path / 'o.pcap'}"], cwd=REPO,
                           env=env, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        n = count_records(PCAPS / name)
        assert r.stdout.startswith(f"in_count.count: {n}\n")
    assert len(list((tmp_path / "cache" / "clickc" / "routers").iterdir())) == 1


def test_unknown_parameter_is_refused(router: Path) -> None:
    r = _run(router, "QUEUE=5")
    assert r.returncode != 0 and "no parameter QUEUE" in r.stderr


def test_run_time_and_compile_time_parameters(tmp_path: Path) -> None:
    cfg = tmp_path / "p.click"
    cfg.write_text("define($N 5, $TYPE 0x0800);\n"
                   "InfiniteSource(LIMIT $N, STOP true)\n"
                   "  -> EtherEncap($TYPE, 0:1:2:3:4:5, 0:1:2:3:4:6) -> c :: Counter -> Discard;\n")
    prog = tmp_path / "router"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O1", str(cfg), "-o", str(prog)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert _run(prog, "-h", "c.count").stdout.strip() == "5"
    assert _run(prog, "N=7", "-h", "c.count").stdout.strip() == "7"  # run-time: LIMIT
    same = _run(prog, "TYPE=0x0800", "-h", "c.count")
    assert same.returncode == 0 and same.stdout.strip() == "5"
    other = _run(prog, "TYPE=0x86dd")  # compile-time: the Ethernet header is a constant
    assert other.returncode != 0
    assert "recompile" in other.stderr and "TYPE=0x86dd" in other.stderr


SANITIZE = "-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"


@pytest.fixture(scope="module")
def sanitized_router(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example built with AddressSanitizer and UndefinedBehaviorSanitizer (clang)."""
    if not shutil.which("clang"):
        pytest.skip("clang not installed")
    prog = tmp_path_factory.mktemp("asan") / "router"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O1", "--cc", "clang", EXAMPLE,
                        "-o", str(prog), f"--cflags={SANITIZE}",
                        "--ldflags=-fsanitize=address,undefined"],
                       cwd=REPO, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return prog


def _run_sanitized(prog: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ASAN_OPTIONS": "detect_leaks=1:exitcode=99",
           "UBSAN_OPTIONS": "halt_on_error=1:exitcode=98"}
    return subprocess.run([str(prog), *args], cwd=REPO, capture_output=True, text=True,
                          timeout=600, env=env)


@pytest.mark.skipif(not PCAPS.is_dir(), reason="../shared/pcaps not present")
def test_every_shared_capture_under_sanitizers(sanitized_router: Path, tmp_path: Path) -> None:
    """Every capture in ../shared/pcaps (real traffic, fuzzer reproducers, odd link types):
    all records forwarded, no sanitizer finding."""
    for cap in sorted(PCAPS.glob("*.pcap")):
        n = count_records(cap)
        r = _run_sanitized(sanitized_router, f"IN={cap}", f"OUT={tmp_path / 'o.pcap'}")
        assert r.returncode == 0, f"{cap.name}: {r.stderr}"
        assert r.stdout.startswith(f"in_count.count: {n}\nout_count.count: {n}\n"), cap.name


def _malformed(tmp_path: Path) -> dict[str, Path]:
    src = (REPO / "examples" / "iprouter-in.pcap").read_bytes()
    files = {
        "empty": b"",
        "short_header": src[:10],
        "bad_magic": b"\0\0\0\0" + src[4:200],
        "truncated_record": src[:24 + 16 + 30],
        "zero_length": src[:24] + struct.pack("<IIII", 1, 0, 0, 0) + src[24:24 + 16 + 64],
        "unknown_linktype": src[:20] + struct.pack("<I", 147) + src[24:24 + 16 + 64],
    }
    out = {}
    for name, data in files.items():
        out[name] = tmp_path / f"{name}.pcap"
        out[name].write_bytes(data)
    return out


#: What Click does with each malformed capture (recorded with
#: `click examples/forward.click IN=<name>.pcap OUT=/dev/null`, Click 2.1 userlevel):
#: initialization errors for unreadable files, nothing forwarded for a cut record or an unknown
#: link type, and a zero-length record forwarded as an empty packet.
MALFORMED = {
    "empty": (1, "empty file"),
    "short_header": (1, "not a tcpdump file (too short)"),
    "bad_magic": (1, "not a tcpdump file (bad magic number)"),
    "truncated_record": (0, "in_count.count: 0\nout_count.count: 0\n"),
    "unknown_linktype": (0, "in_count.count: 0\nout_count.count: 0\n"),
    "zero_length": (0, "in_count.count: 1\nout_count.count: 1\n"),
}


def test_malformed_captures(sanitized_router: Path, tmp_path: Path) -> None:
    for name, path in _malformed(tmp_path).items():
        status, text = MALFORMED[name]
        r = _run_sanitized(sanitized_router, f"IN={path}", f"OUT={tmp_path / 'o.pcap'}")
        assert r.returncode == status, f"{name}: {r.stderr}"
        if status:
            assert text in r.stderr and "could not be initialized" in r.stderr, name
        else:
            assert r.stdout.startswith(text), name


def test_compiles_from_any_directory(tmp_path: Path) -> None:
    """The runtime and element templates come from the package, not the working directory."""
    prog = tmp_path / "router"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O0", str(REPO / EXAMPLE), "-o",
                        str(prog)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    out = _run(prog, f"IN={REPO / 'examples' / 'iprouter-in.pcap'}",
               f"OUT={tmp_path / 'o.pcap'}", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("in_count.count: 1000\n")


def test_mirror_example(tmp_path: Path) -> None:
    """examples/mirror.click: Tee, pull paths through Counter into ToDump, and a run-time
    parameter inside a file name ($DIR/mirror-a.pcap)."""
    prog = tmp_path / "mirror"
    r = subprocess.run([sys.executable, "-m", "clickc", "-O1", "examples/mirror.click", "-o",
                        str(prog)], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    cap = REPO / "examples" / "iprouter-in.pcap"
    n = count_records(cap)
    out = _run(prog, f"DIR={tmp_path}")
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"c0.count: {n}\nc1.count: {n}\ndrops: 0\n"
    with cap.open("rb") as f:
        frames = [buf for _, buf in dpkt.pcap.Reader(f)]
    for name in ("mirror-a.pcap", "mirror-b.pcap"):
        with (tmp_path / name).open("rb") as f:
            assert [buf for _, buf in dpkt.pcap.Reader(f)] == frames


def test_clickc_run_expression_and_stdin(tmp_path: Path) -> None:
    """As click: `-e EXPR`, and the configuration on standard input, with parameters."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    conf = "InfiniteSource(LIMIT $N, STOP true) -> c :: Counter -> Discard"
    base = [sys.executable, "-m", "clickc", "run", "-O0"]
    e = subprocess.run([*base, "-e", conf, "N=3", "-h", "c.count"], env=env,
                       capture_output=True, text=True, timeout=600)
    assert (e.returncode, e.stdout) == (0, "3\n"), e.stderr
    s = subprocess.run([*base, "N=4", "-h", "c.count"], input=conf, env=env,
                       capture_output=True, text=True, timeout=600)
    assert (s.returncode, s.stdout) == (0, "4\n"), s.stderr
    bad = subprocess.run([*base], input="Foo -> Discard", env=env, capture_output=True,
                         text=True, timeout=600)
    assert bad.returncode == 1 and bad.stderr.startswith("<stdin>:1: ")
