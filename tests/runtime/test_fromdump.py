"""FromDump and ToDump on real and malformed captures, in routers built under AddressSanitizer
and UndefinedBehaviorSanitizer.

Real captures come from ../shared/pcaps (skipped when absent); packet counts and bytes are
checked against an independent parse with dpkt, and FromDump -> ToDump must reproduce every
record (timestamp, captured bytes, original length).  Malformed captures are generated here;
the expected behaviour and messages were recorded from Click's userlevel driver:
``click -e 'fd::FromDump(FILE, STOP true) -> c::Counter -> Discard' -h c.count -h c.byte_count``
on the same files (see each case).
"""

from __future__ import annotations

import struct
from pathlib import Path

import dpkt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .routers import E, build, graph, run

PCAPS = Path(__file__).resolve().parents[3] / "shared" / "pcaps"


def _captures() -> list[Path]:
    return sorted(PCAPS.glob("*.pcap")) if PCAPS.is_dir() else []


def _records(path: Path) -> list[tuple[float, bytes, int]]:
    """(timestamp, captured bytes, original length) of every record: timestamps and bytes
    parsed by dpkt, original lengths by _wire_lengths."""
    with path.open("rb") as f:
        recs = [(ts, bytes(buf)) for ts, buf in dpkt.pcap.Reader(f)]
    lens = _wire_lengths(path)
    return [(ts, buf, ln) for (ts, buf), ln in zip(recs, lens, strict=True)]


def _wire_lengths(path: Path) -> list[int]:
    """Original lengths of a classic pcap file's records (dpkt's Reader does not return them)."""
    data = path.read_bytes()
    magic = data[:4]
    endian = "<" if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    pos, lens = 24, []
    while pos + 16 <= len(data):
        _, _, caplen, wirelen = struct.unpack(endian + "IIII", data[pos:pos + 16])
        if pos + 16 + caplen > len(data):
            break
        lens.append(wirelen)
        pos += 16 + caplen
    return lens


@pytest.fixture(scope="module")
def dump_router(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """FromDump(in.pcap, STOP true) -> c :: Counter -> td :: ToDump(out.pcap, NANO false);
    returns (program, input path to link captures to, output path)."""
    d = tmp_path_factory.mktemp("fromdump")
    inp, out = d / "in.pcap", d / "out.pcap"
    g = graph([E("fd", "FromDump", {"FILENAME": str(inp), "STOP": True}), E("c", "Counter"),
               E("td", "ToDump", {"FILENAME": str(out), "NANO": False})],
              [("fd", 0, "c", 0), ("c", 0, "td", 0)])
    return build(g, d / "router", sanitize=True), inp, out


def _use(inp: Path, capture: Path) -> None:
    if inp.is_symlink() or inp.exists():
        inp.unlink()
    inp.symlink_to(capture)


def test_enough_real_captures() -> None:
    caps = _captures()
    if not caps:
        pytest.skip("../shared/pcaps is not present")
    assert len(caps) >= 10


@pytest.mark.parametrize("capture", _captures(), ids=lambda p: p.name)
def test_real_capture_counts_and_round_trip(dump_router: tuple[Path, Path, Path],
                                            capture: Path) -> None:
    prog, inp, out = dump_router
    _use(inp, capture)
    r = run(prog, "-h", "c.count", "-h", "c.byte_count", "-h", "td.count", "-h", "fd.count",
            timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""  # in particular no "packets were not freed" warning
    expect = _records(capture)
    count = len(expect)
    nbytes = sum(len(b) for _, b, _ in expect)
    assert r.stdout == (f"c.count:\n{count}\n\nc.byte_count:\n{nbytes}\n\n"
                        f"td.count:\n{count}\n\nfd.count:\n{count}\n\n")
    got = _records(out)
    assert len(got) == count
    for (ts0, b0, l0), (ts1, b1, l1) in zip(expect, got, strict=True):
        if ts0 == 0:  # Click's ToDump writes the current time for an unset timestamp
            assert ts1 > 1e9
        else:
            assert abs(ts0 - ts1) < 1e-6
        # ToDump's default SNAPLEN is 2000, as Click's
        assert b1 == b0[:2000] and l1 == l0


def test_force_ip(tmp_path: Path) -> None:
    """click -e 'fd::FromDump(F, STOP true, FORCE_IP true) -> c::Counter -> Discard'
    -h c.count -h c.byte_count: ndpi-gnutella 3882/577490, tcpdump-arp-oobr 0/0,
    tcpdump-forces1 (SLL) 20/2144, tcpdump-LINKTYPE_RAW_ipv4 1/57,
    suricata-frag-eth-vlan-ip-tcp-syn (802.1Q) 3/138, tcpdump-various_gre 30/3586,
    tcpdump-802.1ad_QinQ 0/0, libtrace-100_sll 0/0."""
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps is not present")
    inp = tmp_path / "in.pcap"
    g = graph([E("fd", "FromDump", {"FILENAME": str(inp), "STOP": True, "FORCE_IP": True}),
               E("c", "Counter"), E("d", "Discard")],
              [("fd", 0, "c", 0), ("c", 0, "d", 0)])
    prog = build(g, tmp_path / "r", sanitize=True)
    cases = {"ndpi-gnutella.pcap": (3882, 577490), "tcpdump-arp-oobr.pcap": (0, 0),
             "tcpdump-forces1.pcap": (20, 2144), "tcpdump-LINKTYPE_RAW_ipv4.pcap": (1, 57),
             "suricata-frag-eth-vlan-ip-tcp-syn.pcap": (3, 138),
             "tcpdump-various_gre.pcap": (30, 3586), "tcpdump-802.1ad_QinQ.pcap": (0, 0),
             "libtrace-100_sll.pcap": (0, 0)}
    for name, (n, nb) in cases.items():
        _use(inp, PCAPS / name)
        r = run(prog, "-h", "c.count", "-h", "c.byte_count")
        assert r.returncode == 0, (name, r.stderr)
        assert r.stdout == f"c.count:\n{n}\n\nc.byte_count:\n{nb}\n\n", name
    # FORCE_IP on a link type FromDump cannot search: Click's initialization error
    _use(inp, PCAPS / "tcpdump-LINKTYPE_IPV4.pcap")
    r = run(prog)
    assert r.returncode == 1
    assert f"{inp}:   unknown linktype 228; can't force IP packets" in r.stderr


# ---- malformed captures ----

def _file_header(linktype: int = 1, magic: int = 0xA1B2C3D4, major: int = 2) -> bytes:
    return struct.pack("<IHHiIII", magic, major, 4, 0, 0, 65535, linktype)


def _record(data: bytes, caplen: int | None = None, wirelen: int | None = None,
            ts: tuple[int, int] = (1, 2)) -> bytes:
    return struct.pack("<IIII", ts[0], ts[1], len(data) if caplen is None else caplen,
                       len(data) if wirelen is None else wirelen) + data


PKT = bytes(range(60))

# name -> (file contents, exit status, c.count, c.byte_count, message on standard error);
# recorded with Click (see the module docstring).
MALFORMED: dict[str, tuple[bytes, int, int, int, str]] = {
    "empty": (b"", 1, 0, 0, "empty file"),
    "short_header": (_file_header()[:10], 1, 0, 0, "not a tcpdump file (too short)"),
    "bad_magic": (b"\0" * 24 + _record(PKT), 1, 0, 0, "not a tcpdump file (bad magic number)"),
    "major_version": (_file_header(major=3) + _record(PKT), 1, 0, 0, "unknown major version 3"),
    "truncated_record": (_file_header() + _record(PKT) + _record(PKT)[:40], 0, 1, 60, ""),
    "truncated_record_header": (_file_header() + _record(PKT) + _record(PKT)[:10], 0, 1, 60,
                                ""),
    "zero_length": (_file_header() + _record(b"") + _record(PKT) + _record(b"", 0, 60), 0, 3,
                    60, ""),
    "unknown_linktype": (_file_header(linktype=147) + _record(PKT), 0, 1, 60, ""),
    "huge_caplen": (_file_header() + _record(PKT) + struct.pack("<IIII", 1, 1, 100000, 100000)
                    + PKT, 0, 1, 60, "bad packet header; giving up"),
    "header_only": (_file_header(), 0, 0, 0, ""),
    "caplen_over_len": (_file_header() + _record(PKT, 60, 59), 0, 1, 59, ""),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_capture(dump_router: tuple[Path, Path, Path], tmp_path: Path,
                           case: str) -> None:
    data, status, count, nbytes, message = MALFORMED[case]
    prog, inp, _ = dump_router
    cap = tmp_path / f"{case}.pcap"
    cap.write_bytes(data)
    _use(inp, cap)
    r = run(prog, "-h", "c.count", "-h", "c.byte_count")
    assert r.returncode == status, r.stderr
    if status == 0:
        assert r.stdout == f"c.count:\n{count}\n\nc.byte_count:\n{nbytes}\n\n"
        if message:
            assert r.stderr == f"{inp}: {message}\n"
        else:
            assert r.stderr == ""
    else:
        assert r.stderr == (f"test.click:1: While initializing 'fd :: FromDump({inp})':\n"
                            f"{inp}:   {message}\nRouter could not be initialized!\n")


def test_missing_file(dump_router: tuple[Path, Path, Path], tmp_path: Path) -> None:
    prog, inp, _ = dump_router
    _use(inp, tmp_path / "does-not-exist.pcap")
    r = run(prog)
    assert r.returncode == 1
    assert r.stderr == ("test.click:1: While initializing 'fd :: FromDump':\n"
                        f"  {inp}: No such file or directory\nRouter could not be initialized!\n")


def test_nanosecond_timestamps_survive(tmp_path: Path) -> None:
    """A nanosecond capture through FromDump -> ToDump (NANO defaults to true) keeps every
    record byte for byte."""
    hdr = _file_header(magic=0xA1B23C4D)
    recs = b"".join(_record(PKT[:n], ts=(1700000000 + n, 123456789 - n)) for n in range(1, 40))
    src = tmp_path / "nano.pcap"
    src.write_bytes(hdr + recs)
    out = tmp_path / "out.pcap"
    g = graph([E("fd", "FromDump", {"FILENAME": str(src), "STOP": True}),
               E("td", "ToDump", {"FILENAME": str(out), "SNAPLEN": 65535})],
              [("fd", 0, "td", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True))
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == hdr + recs


def test_pull_mode_and_snaplen(tmp_path: Path) -> None:
    """FromDump pulled by ToDump's task (pull context, no output); SNAPLEN 20 keeps 20 bytes
    and the original length; EXTRA_LENGTH carries the part the capture did not keep."""
    src = tmp_path / "in.pcap"
    src.write_bytes(_file_header() + _record(PKT, 60, 100) + _record(PKT[:10]))
    out = tmp_path / "out.pcap"
    g = graph([E("fd", "FromDump", {"FILENAME": str(src)}, outputs=["pull"]),
               E("td", "ToDump", {"FILENAME": str(out), "SNAPLEN": 20, "NANO": False},
                 inputs=["pull"])],
              [("fd", 0, "td", 0)])
    r = run(build(g, tmp_path / "r", sanitize=True), "-h", "td.count", "-h", "fd.count")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "td.count:\n2\n\nfd.count:\n2\n\n"
    recs = _records(out)
    assert [(b, ln) for _, b, ln in recs] == [(PKT[:20], 100), (PKT[:10], 10)]


def test_time_window_and_sampling(tmp_path: Path) -> None:
    """Recorded with Click on tcpdump-afs.pcap (601 packets over 129 s):
    click -e 'fd::FromDump(tcpdump-afs.pcap, CFG) -> c::Counter -> Discard' -h c.count
    -h fd.count -h fd.active, for CFG =
    'END_AFTER 10' -> 12, 12, false (Click then idles until a signal; clickc ends);
    'START_AFTER 20, INTERVAL 40, STOP true' -> 87, 87, false;
    'END_AFTER 3, END_CALL c.reset' -> 0, 601, true (END_CALL runs again at the end of file);
    'SAMPLE 0.5' -> about half (330 in Click's run; the sequence differs), sampling_prob 0.5."""
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps is not present")
    afs = str(PCAPS / "tcpdump-afs.pcap")
    s = 1_000_000_000
    cases = [({"END_AFTER": 10 * s}, "12", "12", "false"),
             ({"START_AFTER": 20 * s, "INTERVAL": 40 * s, "STOP": True}, "87", "87", "false"),
             ({"END_AFTER": 3 * s, "END_CALL": "c.reset"}, "0", "601", "true")]
    for i, (args, count, fdcount, active) in enumerate(cases):
        g = graph([E("fd", "FromDump", {"FILENAME": afs, **args}), E("c", "Counter"),
                   E("d", "Discard")], [("fd", 0, "c", 0), ("c", 0, "d", 0)])
        r = run(build(g, tmp_path / f"r{i}", sanitize=True), "-h", "c.count", "-h", "fd.count",
                "-h", "fd.active", timeout=60)
        assert r.returncode == 0, (args, r.stderr)
        assert r.stdout == (f"c.count:\n{count}\n\nfd.count:\n{fdcount}\n\n"
                            f"fd.active:\n{active}\n\n"), args
    g = graph([E("fd", "FromDump", {"FILENAME": afs, "SAMPLE": 1 << 15}), E("c", "Counter"),
               E("d", "Discard")], [("fd", 0, "c", 0), ("c", 0, "d", 0)])
    r = run(build(g, tmp_path / "rs", sanitize=True), "-h", "c.count", "-h", "fd.sampling_prob")
    assert r.returncode == 0, r.stderr
    out = r.stdout.split("\n")
    assert 240 <= int(out[1]) <= 360 and out[4] == "0.5"


def _valid_capture() -> bytes:
    recs = [_record(PKT[: (7 * i) % 61], ts=(1000 + i, i * 1000)) for i in range(12)]
    return _file_header() + b"".join(recs)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=len(_valid_capture())),
       flips=st.lists(st.tuples(st.integers(min_value=0, max_value=len(_valid_capture()) - 1),
                                st.integers(min_value=0, max_value=255)), max_size=6))
def test_mutated_captures_never_crash(dump_router: tuple[Path, Path, Path], tmp_path: Path,
                                      cut: int, flips: list[tuple[int, int]]) -> None:
    """Truncations and byte changes of a valid capture, under ASan and UBSan: FromDump either
    reads what it can (status 0) or refuses the file with a message (status 1); never a crash,
    a sanitizer report (status 98/99) or a leak."""
    data = bytearray(_valid_capture())
    for pos, val in flips:
        data[pos] = val
    prog, inp, _ = dump_router
    cap = tmp_path / "mutated.pcap"
    cap.write_bytes(bytes(data[:cut]))
    _use(inp, cap)
    r = run(prog, "-h", "c.count")
    assert r.returncode in (0, 1), r.stderr
    if r.returncode == 1:
        assert r.stderr.endswith("Router could not be initialized!\n"), r.stderr
    else:
        assert int(r.stdout) <= cut // 16  # each record takes at least a 16-byte header
        assert "not freed" not in r.stderr
