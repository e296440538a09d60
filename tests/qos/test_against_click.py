"""QoS/timing element handlers, their configuration errors and FromIPSummaryDump against
Click: each case of cases.CASES run through `clickc run` must reproduce what Click's
userlevel driver did (expected/CASE.json, recorded by cases.record with the commands kept in the
file): exit status, standard output, standard error and every file written (raw IP captures
of the packets FromIPSummaryDump rebuilt, their summaries) byte for byte.

The FromIPSummaryDump cases summarize real captures (fis_dump.click), read the summary back
(fis_text.click, with and without CHECKSUM) and, without CHECKSUM (which recomputes ip_sum),
also hold the round trip: the second summary equals the first on every line that describes
an IPv4 packet.  The file_* cases read dumps of
ours in text and binary form (tests/qos/data; the binary one was written by Click, see
configs/make_binary.click) with and without MULTIPACKET and CHECKSUM.  Those, the handler
case and a fuzz capture's summary also run with the router built under AddressSanitizer and
UndefinedBehaviorSanitizer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .cases import CASES, EXPECTED, PCAPS, REPO, clean_stderr, file_digest, shown, stage_command

DRIVER = [sys.executable, "-m", "clickc", "run", "-O1"]
SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-sanitize-recover=undefined",
            "--ldflags=-fsanitize=address,undefined"]
#: cases also run under AddressSanitizer and UndefinedBehaviorSanitizer
SANITIZED = [n for n in CASES if n.startswith("file_")] + [
    "handlers", "fis_ndpi-fuzz-2006-06-26-2594_checksum_true"]


def _params() -> list[object]:
    return ([pytest.param(n, False, id=n) for n in CASES]
            + [pytest.param(n, True, id=f"{n}-asan") for n in SANITIZED])


@pytest.mark.parametrize("name,sanitize", _params())
def test_against_click(name: str, sanitize: bool, tmp_path: Path) -> None:
    pcap, stages = CASES[name]
    if pcap and not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    exp = json.loads((EXPECTED / f"{name}.json").read_text())
    out = tmp_path / "out"
    out.mkdir()
    for stage, want in zip(stages, exp["stages"], strict=True):
        cmd = stage_command(DRIVER + (SANITIZE if sanitize else []), pcap, stage, out)
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=REPO)
        assert p.returncode == want["status"], p.stderr[-3000:]
        assert shown(p.stdout, str(out)) == want["stdout"]
        # configuration errors end clickc's run before Click's last line
        end = "Router could not be initialized!\n"
        assert shown(clean_stderr(p.stderr), str(out)).removesuffix(end) == \
            want["stderr"].removesuffix(end)
    files = {f.name: file_digest(f) for f in sorted(out.iterdir())}
    assert files == exp["files"]
    if name.startswith("fis_") and name.endswith("checksum_false"):
        first = (out / "d1.txt").read_text().splitlines()
        second = (out / "d2.txt").read_text().splitlines()
        assert len(first) == len(second)
        ip = [(a, b) for a, b in zip(first, second, strict=True)
              if not a.startswith("!") and a.split()[1] != "-"]
        assert ip and all(a == b for a, b in ip)


@pytest.mark.parametrize("tool", ["gzip", "bzip2"])
def test_compressed_dump(tool: str, tmp_path: Path) -> None:
    """A gzip or bzip2 dump reads as the plain one (Click's FromFile decompresses)."""
    import shutil

    if shutil.which(tool) is None:
        pytest.skip(f"{tool} not installed")
    plain = REPO / "tests" / "qos" / "data" / "handmade.ipsum"
    packed = tmp_path / ("dump.gz" if tool == "gzip" else "dump.bz2")
    packed.write_bytes(subprocess.run([tool, "-c", str(plain)], capture_output=True,
                                      check=True).stdout)
    digests = []
    for i, f in enumerate((plain, packed)):
        out = tmp_path / f"o{i}"
        out.mkdir()
        p = subprocess.run(stage_command(DRIVER, "", ("fis_file.click", {
            "FILE": str(f), "MULTI": "true", "CHECKSUM": "true"}), out),
            capture_output=True, text=True, timeout=600, cwd=REPO)
        assert p.returncode == 0, p.stderr
        digests.append({g.name: file_digest(g) for g in sorted(out.iterdir())})
    assert digests[0] == digests[1] and len(digests[0]) == 2
