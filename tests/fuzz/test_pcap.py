"""Malformed capture records counted as Click's FromDump counts them (issue 22, finding 8),
through routers built under AddressSanitizer and UndefinedBehaviorSanitizer.

The expected counts follow Click's FromDump::read_packet and FromFile::get_packet (the record
lengths are C ints; the packet is read through FromFile's buffer), as runtime/pcapfile.h
describes: a record longer than the file's snaplen keeps all its bytes, and a record whose
captured length is 0xFFFFFFFF (-1) is a packet of FromFile's whole buffer (the 4 MiB mapped
piece holding the header's last byte, or the 32 KiB read buffer with MMAP false), after which
the next header starts one byte before the end of this one.  Before the fix, libpcap cut the
first to the snaplen and gave up on the second.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from tests.runtime.routers import E, build, graph, run

PKT = bytes(range(60))
MIB4 = 4 << 20


def file_header(snaplen: int = 65535) -> bytes:
    return struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, snaplen, 1)


def record(data: bytes, caplen: int | None = None, wirelen: int | None = None) -> bytes:
    return struct.pack("<IIII", 1, 2, len(data) if caplen is None else caplen,
                       len(data) if wirelen is None else wirelen) + data


def minus_one_record() -> bytes:
    """A record of captured length 0xFFFFFFFF and original length 60, then the 15 bytes that
    complete the header Click reads next (it starts at this header's last byte, 0x00): a
    record of 10 bytes (timestamp 0 s + 5 us)."""
    tail = struct.pack("<3sIII", b"\0\0\0", 5, 10, 10) + b"0123456789"
    return struct.pack("<IIII", 1, 2, 0xFFFFFFFF, 60) + tail


@pytest.fixture(scope="module")
def routers(tmp_path_factory: pytest.TempPathFactory) -> dict[bool, tuple[Path, Path]]:
    """MMAP true and false: FromDump(in.pcap, STOP true, MMAP m) -> c :: Counter -> Discard;
    (program, the input path to link captures to)."""
    out: dict[bool, tuple[Path, Path]] = {}
    for mmap in (True, False):
        d = tmp_path_factory.mktemp(f"mmap{int(mmap)}")
        inp = d / "in.pcap"
        g = graph([E("fd", "FromDump", {"FILENAME": str(inp), "STOP": True, "MMAP": mmap}),
                   E("c", "Counter"), E("d", "Discard")],
                  [("fd", 0, "c", 0), ("c", 0, "d", 0)])
        out[mmap] = (build(g, d / "router", sanitize=True), inp)
    return out


def counts(routers: dict[bool, tuple[Path, Path]], mmap: bool, data: bytes,
           tmp_path: Path) -> tuple[int, int, str]:
    """(c.count, c.byte_count, standard error) of the MMAP router on the capture `data`."""
    prog, inp = routers[mmap]
    cap = tmp_path / "cap.pcap"
    cap.write_bytes(data)
    if inp.is_symlink() or inp.exists():
        inp.unlink()
    inp.symlink_to(cap)
    r = run(prog, "-h", "c.count", "-h", "c.byte_count", timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    assert lines[0] == "c.count:" and lines[3] == "c.byte_count:", r.stdout
    return int(lines[1]), int(lines[4]), r.stderr


@pytest.mark.parametrize("mmap", [True, False])
def test_record_longer_than_snaplen_keeps_its_bytes(routers: dict[bool, tuple[Path, Path]],
                                                    tmp_path: Path, mmap: bool) -> None:
    """Click ignores the file's snaplen: a 60-byte record in a file of snaplen 40 is 60 bytes."""
    data = file_header(snaplen=40) + record(PKT) + record(PKT[:10])
    assert counts(routers, mmap, data, tmp_path) == (2, 70, "")


@pytest.mark.parametrize("mmap,buffer", [(True, None), (False, 32768)])
def test_caplen_minus_one_is_the_whole_buffer(routers: dict[bool, tuple[Path, Path]],
                                              tmp_path: Path, mmap: bool,
                                              buffer: int | None) -> None:
    """Four packets (Click's count): 60 bytes, FromFile's buffer (the whole file when mapped,
    32 KiB with MMAP false), the 10-byte record that starts inside the -1 record's header,
    then 60 bytes."""
    data = file_header() + record(PKT) + minus_one_record() + record(PKT)
    size = len(data) if buffer is None else buffer
    assert counts(routers, mmap, data, tmp_path) == (4, 60 + size + 10 + 60, "")


@pytest.mark.parametrize("before,piece", [
    (MIB4 - 24 - 16 - 1024, "first"),   # the -1 header ends at the last byte of the first 4 MiB
    (MIB4 - 24 - 15 - 1024, "second"),  # ... its last byte is the first of the second piece
])
def test_caplen_minus_one_past_4_mib(routers: dict[bool, tuple[Path, Path]], tmp_path: Path,
                                     before: int, piece: str) -> None:
    """The mapped piece is the one holding the -1 header's last byte: the first 4 MiB of the
    file, or the rest of the file after them.  Records of at most 60000 bytes fill the file up
    to 1024 bytes before the -1 record."""
    q, r = divmod(before, 60016)
    sizes = [60016] * q + [r] if r >= 16 else [60016] * (q - 1) + [60016 + r]  # headers in
    filler = b"".join(record(b"\x55" * (n - 16)) for n in sizes)
    pad = record(b"\xaa" * (1024 - 16))
    data = file_header() + filler + pad + minus_one_record() + record(PKT)
    chunk = MIB4 if piece == "first" else len(data) - MIB4
    assert counts(routers, True, data, tmp_path) == (
        len(sizes) + 4, before - 16 * len(sizes) + (1024 - 16) + chunk + 10 + 60, "")


@pytest.mark.parametrize("caplen", [0x80000000, 0xFFFFFFF0])
def test_negative_caplen_reaching_back_gives_up(routers: dict[bool, tuple[Path, Path]],
                                                tmp_path: Path, caplen: int) -> None:
    """A negative length reaching before the buffer (Click would allocate up to 4 GiB), or
    back to the record's own header (Click would read it again, forever): "bad packet header;
    giving up" after the packets before it."""
    data = file_header() + record(PKT) + struct.pack("<IIII", 1, 2, caplen, 60) + PKT
    n, nbytes, err = counts(routers, True, data, tmp_path)
    assert (n, nbytes) == (1, 60)
    assert err.endswith("in.pcap: bad packet header; giving up\n"), err


# ---- the libFuzzer target on the reader ----

ROOT = Path(__file__).resolve().parents[2]

#: Seconds of fuzzing in the test suite (docs/reliability.md says how to run it longer).
FUZZ_SECONDS = 5


def seed_corpus() -> dict[str, bytes]:
    """Captures for the fuzzer to start from: each path of the reader once."""
    valid = file_header() + b"".join(record(PKT[:n]) for n in (0, 14, 60))
    be = struct.pack(">IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1) + struct.pack(
        ">IIII", 1, 2, 20, 20) + PKT[:20]
    nano = struct.pack("<IHHiIII", 0xA1B23C4D, 2, 4, 0, 0, 65535, 1) + record(PKT)
    old = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 2, 0, 0, 65535, 1) + record(PKT, 70, 60)
    return {
        "valid": valid, "big-endian": be, "nanoseconds": nano, "version-2.2": old,
        "snaplen": file_header(snaplen=40) + record(PKT),
        "minus-one": file_header() + record(PKT) + minus_one_record() + record(PKT),
        "caplen-over-len": file_header() + record(PKT, 60, 59),
        "huge-caplen": file_header() + struct.pack("<IIII", 1, 2, 100000, 100000) + PKT,
        "truncated": (file_header() + record(PKT))[:50],
        "modified": struct.pack("<IHHiIII", 0xA1B2CD34, 2, 4, 0, 0, 65535, 1),
    }


def test_pcap_reader_libfuzzer(tmp_path: Path) -> None:
    """tests/fuzz/pcap_fuzz.c under libFuzzer with ASan and UBSan for FUZZ_SECONDS, from the
    seed corpus above: no sanitizer report, no broken promise (a trap), no leak."""
    if shutil.which("clang") is None:
        pytest.skip("needs clang")
    exe = tmp_path / "pcap_fuzz"
    subprocess.run(["clang", "-g", "-O1", "-std=c11", "-Wall", "-Wextra", "-Werror",
                    "-fsanitize=fuzzer,address,undefined", "-fno-sanitize-recover=undefined",
                    f"-I{ROOT / 'runtime'}", str(ROOT / "tests" / "fuzz" / "pcap_fuzz.c"),
                    str(ROOT / "runtime" / "pcapfile.c"), "-o", str(exe)],
                   check=True, capture_output=True, text=True, timeout=300)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, data in seed_corpus().items():
        (corpus / name).write_bytes(data)
    r = subprocess.run([str(exe), f"-max_total_time={FUZZ_SECONDS}", "-max_len=4096",
                        "-timeout=10", "-rss_limit_mb=2048", "-print_final_stats=1",
                        str(corpus)], capture_output=True, text=True, timeout=FUZZ_SECONDS + 120)
    assert r.returncode == 0, r.stderr[-4000:]
    assert "stat::number_of_executed_units" in r.stderr
