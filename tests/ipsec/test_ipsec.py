"""The IPsec elements against Click, round trips and an ESP decoder, on real captures.

expected/click.json holds what Click's userlevel driver did on our configurations in configs/
(record.py recorded it; each entry has its command): exit status, handler values, standard
error (without Click's headroom notes) and the sha256 of the output capture.  The compiled
routers (built normally and under AddressSanitizer and UndefinedBehaviorSanitizer) must
reproduce them packet for packet: the IVs come from random() after RandomSeed(7), as Click's.
Then: decryption of the encryption restores every packet that entered the tunnel (also with
clickc's IPsecDES3); tshark's ESP dissector, given the SA, decrypts the ESP packets to the
same inner packets; malformed ESP that Click would read outside of is dropped and counted
under AddressSanitizer; configuration errors are reported as Click reports them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.testlib import SANITIZE, needs_c_compiler, sanitizer_env

from .common import (
    CAPTURES,
    CONFIGS,
    EXPECTED,
    PCAPS,
    base_names,
    crafted_packets,
    digest,
    malformed_packets,
    read_pcap,
    run_args,
    write_pcap,
)

DEC_HANDLERS = ["vauth.drops", "other.count"]

pytestmark = needs_c_compiler


def _expected() -> dict[str, Any]:
    return dict(json.loads((EXPECTED / "click.json").read_text()))


_BUILDS: list[Path] = []


@pytest.fixture(autouse=True, scope="module")
def _build_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """One build directory for the module: each configuration is compiled once."""
    _BUILDS.clear()
    _BUILDS.append(tmp_path_factory.mktemp("ipsec-builds"))


def _build(config: str, tmp: Path, sanitize: bool = False, opt: str = "-O1") -> Path:
    """Compile configs/CONFIG (IN and OUT are given again when the program runs) once per
    test module; ``tmp`` is used only before the module's build directory exists."""
    where = _BUILDS[0] if _BUILDS else tmp
    exe = where / (config.replace(".click", "") + ("-asan" if sanitize else ""))
    if not exe.exists():
        cmd = [sys.executable, "-m", "clickc", "compile", opt, *(SANITIZE if sanitize else []),
               str(CONFIGS / config), "IN=in.pcap", "OUT=out.pcap", "-o", str(exe)]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stderr[-3000:]
    return exe


def _run(exe: Path, inp: Path | None, out: Path | None, handlers: list[str],
         cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(exe), *run_args(inp, out, handlers)], capture_output=True,
                          text=True, timeout=600, env=sanitizer_env(), cwd=cwd,
                          errors="surrogateescape")


def _check(exp: dict[str, Any], p: subprocess.CompletedProcess[str], out: Path | None) -> None:
    assert p.returncode == exp["status"], (exp["command"], p.stderr[-3000:])
    assert p.stdout == exp["stdout"], exp["command"]
    assert base_names(p.stderr) == exp["stderr"], exp["command"]
    if exp["output"] is not None:
        assert out is not None and digest(out) == exp["output"], exp["command"]


def _need_pcaps() -> None:
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("cipher", ["des", "aes", "null"])
@pytest.mark.parametrize("capture", CAPTURES)
def test_against_click(capture: str, cipher: str, sanitize: bool, tmp_path: Path) -> None:
    """Encryption, then decryption of its output (and, on tcpreplay-test, of that output twice
    in a row: replays) give Click's packets, handler values and messages."""
    _need_pcaps()
    exp = _expected()
    stem = capture[:-5]
    enc_exe = _build(f"enc-{cipher}.click", tmp_path, sanitize)
    dec_exe = _build(f"dec-{cipher}.click", tmp_path, sanitize)
    enc = tmp_path / "enc.pcap"
    _check(exp[f"enc-{cipher}/{stem}"], _run(enc_exe, PCAPS / capture, enc, [], tmp_path), enc)
    dec = tmp_path / "dec.pcap"
    _check(exp[f"dec-{cipher}/{stem}"], _run(dec_exe, enc, dec, DEC_HANDLERS, tmp_path), dec)
    key = f"dec-{cipher}/twice-{stem}"
    if key in exp:
        lt, pk = read_pcap(enc)
        twice = tmp_path / "twice.pcap"
        write_pcap(twice, pk + pk, lt)
        out = tmp_path / "out.pcap"
        _check(exp[key], _run(dec_exe, twice, out, DEC_HANDLERS, tmp_path), out)


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
def test_crafted_against_click(sanitize: bool, tmp_path: Path) -> None:
    """Bad digests, bad padding, replays, window moves past 32, sequence 0, unknown SPIs and
    non-ESP packets for the gateway are handled as Click handles them."""
    exe = _build("dec-null.click", tmp_path, sanitize)
    crafted = tmp_path / "crafted.pcap"
    write_pcap(crafted, [(1000 + i, 0, p) for i, p in enumerate(crafted_packets())])
    out = tmp_path / "out.pcap"
    _check(_expected()["dec-null/crafted"], _run(exe, crafted, out, DEC_HANDLERS, tmp_path), out)


def test_malformed_dropped_in_bounds(tmp_path: Path) -> None:
    """ESP that Click would read outside of: dropped (the one valid packet passes), each
    counted with its reason, no access outside a packet under ASan/UBSan."""
    exe = _build("dec-null.click", tmp_path, sanitize=True)
    bad = tmp_path / "bad.pcap"
    write_pcap(bad, [(1000 + i, 0, p) for i, p in enumerate(malformed_packets())])
    out = tmp_path / "out.pcap"
    p = _run(exe, bad, out, ["vauth.drops"], tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout == "1\n"   # one handler: Click prints the value alone
    _, pk = read_pcap(out)
    assert len(pk) == 1 and pk[0][2] == b"\x00"   # pad length 0 in 3 bytes: 1 byte is left
    assert "Invalid padding length" in p.stderr


def _inner_of_plain(capture: str, tmp_path: Path) -> list[tuple[int, int, bytes]]:
    exe = _build("plain.click", tmp_path)
    plain = tmp_path / "plain.pcap"
    p = _run(exe, PCAPS / capture, plain, [], tmp_path)
    assert p.returncode == 0, p.stderr
    return read_pcap(plain)[1]


@pytest.mark.parametrize("cipher", ["des", "aes", "des3", "null"])
@pytest.mark.parametrize("capture", CAPTURES)
def test_round_trip(capture: str, cipher: str, tmp_path: Path) -> None:
    """Decrypting what the encryption router produced gives back exactly the packets that
    entered the tunnel (data and timestamps), and the ciphertext differs from them."""
    _need_pcaps()
    want = _inner_of_plain(capture, tmp_path)
    assert len(want) > 20
    enc = tmp_path / "enc.pcap"
    assert _run(_build(f"enc-{cipher}.click", tmp_path), PCAPS / capture, enc, [],
                tmp_path).returncode == 0
    dec = tmp_path / "dec.pcap"
    p = _run(_build(f"dec-{cipher}.click", tmp_path), enc, dec, DEC_HANDLERS, tmp_path)
    assert p.returncode == 0 and p.stdout == "vauth.drops:\n0\n\nother.count:\n0\n\n"
    got = read_pcap(dec)[1]
    assert got == want
    if cipher != "null":
        _, e = read_pcap(enc)
        assert all(w[2][:20] not in x[2] for w, x in zip(want, e, strict=True))


TSHARK_ALGS = {
    "des": ("DES-CBC [RFC2405]", b"ABCDEFGH"),
    "des3": ("TripleDES-CBC [RFC2451]", b"ABCDEFGHIJKLMNOPABCDEFGH"),
}


def _tshark(pcap: Path, cipher: str, fields: list[str]) -> list[list[str]]:
    alg, key = TSHARK_ALGS[cipher]
    sa = (f'"IPv4","10.9.9.9","192.168.200.1","0x00001234","{alg}","0x{key.hex()}",'
          f'"HMAC-SHA-1-96 [RFC2404]","0x{b"0123456789abcdef".hex()}"')
    cmd = ["tshark", "-r", str(pcap), "-o", "esp.enable_encryption_decode:TRUE",
           "-o", "esp.enable_authentication_check:TRUE", "-o", f"uat:esp_sa:{sa}",
           "-T", "fields", *[x for f in fields for x in ("-e", f)]]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return [ln.split("\t") for ln in p.stdout.splitlines()]


@pytest.mark.skipif(shutil.which("tshark") is None, reason="tshark not installed")
@pytest.mark.parametrize("order", ["click", "rfc"])
@pytest.mark.parametrize("cipher", ["des", "des3"])
def test_tshark_decrypts(cipher: str, order: str, tmp_path: Path) -> None:
    """tshark's ESP dissector, given the SA, decrypts every ESP packet to the packet that
    entered the tunnel, with the pad length and next header ESPEncap wrote.  In Click's order
    (digest over the plaintext, then encryption) tshark's digest check fails, as it must; with
    IGNORE 0 before the digest (RFC 2406's order, clickc only) it passes."""
    _need_pcaps()
    capture = "tcpreplay-test.pcap"
    want = _inner_of_plain(capture, tmp_path)
    enc = tmp_path / "enc.pcap"
    config = f"enc-{cipher}.click" if order == "click" else f"enc-rfc-{cipher}.click"
    assert _run(_build(config, tmp_path), PCAPS / capture, enc, [], tmp_path).returncode == 0
    rows = _tshark(enc, cipher, ["esp.sequence", "esp.contained_data", "esp.protocol",
                                 "esp.icv_good"])
    assert len(rows) == len(want)
    checked = 0
    for i, (row, w) in enumerate(zip(rows, want, strict=True)):
        assert row[0] == str(i + 1)
        assert bytes.fromhex(row[1]) == w[2]
        # tshark leaves the trailer fields out when the next-header dissector gives up
        if row[2]:
            assert int(row[2], 16) == w[2][9]
            assert row[3] == ("1" if order == "rfc" else "0")
            checked += 1
    assert checked >= len(rows) * 9 // 10


def test_table_handler_as_click(tmp_path: Path) -> None:
    """RadixIPsecLookup's table after Click's configure (duplicate prefix, default route
    freed, SA routes) prints as Click prints it."""
    exe = _build("table.click", tmp_path)
    _check(_expected()["table"], _run(exe, None, None, ["rt.table"], tmp_path), None)


def test_config_errors(tmp_path: Path) -> None:
    """A 6-character key and a missing output: both arguments reported, exit status 1
    (Click: 'argument N should be 'ADDR/MASK [GATEWAY] OUTPUT'')."""
    p = subprocess.run([sys.executable, "-m", "clickc", "check", str(CONFIGS / "badkey.click")],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 1
    assert "Traceback" not in p.stderr
    assert "argument 1 should be 'ADDR/MASK [GATEWAY] OUTPUT'" in p.stderr
    assert "argument 2 should be 'ADDR/MASK [GATEWAY] OUTPUT'" in p.stderr
    assert "key has bad length" in p.stderr
