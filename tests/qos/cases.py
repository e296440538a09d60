"""The cases of tests/qos compared with Click: stages (configuration and parameters) run one
after the other in one output directory, on an optional capture from ../shared/pcaps.

expected/CASE.json holds what Click's userlevel driver did (:func:`record` made them, run as
``CLICK_PREFIX=... python3 -m tests.elemharness qos``; the exact commands are in each file):
every stage's exit status, standard output and standard error (without Click's "expensive
Packet::put" notes, which only say that Click copied a buffer), and the sha256 of every file
the stages wrote.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CONFIGS = HERE / "configs"
DATA = HERE / "data"
EXPECTED = HERE / "expected"
PCAPS = REPO.parent / "shared" / "pcaps"

Stage = tuple[str, dict[str, str]]  # configuration file in configs/, parameters

#: name: (capture or "", stages).  "$OUT" in a parameter is the output directory.
CASES: dict[str, tuple[str, list[Stage]]] = {
    "handlers": ("", [("qos_handlers.click", {})]),
    "bad_burst": ("", [("bad_burst.click", {})]),
    "bad_meter": ("", [("bad_meter.click", {}), ("bad_meter2.click", {})]),
}
for _cap in ("ndpi-gnutella.pcap", "tcpdump-afs.pcap", "ndpi-fuzz-2006-06-26-2594.pcap",
             "suricata-ipv4frags.pcap"):
    for _ck in ("false", "true"):
        CASES[f"fis_{_cap.removesuffix('.pcap')}_checksum_{_ck}"] = (
            _cap, [("fis_dump.click", {}), ("fis_text.click", {"CHECKSUM": _ck})])
for _file in ("nobanner.ipsum", "nodata.ipsum", "empty.ipsum"):
    CASES[f"file_{_file.replace('.', '_')}"] = (
        "", [("fis_file.click", {"FILE": str(DATA / _file), "MULTI": "false",
                                 "CHECKSUM": "false"})])
for _file in ("handmade.ipsum", "handmade.bin"):
    for _multi in ("false", "true"):
        for _ck in ("false", "true"):
            CASES[f"file_{_file.replace('.', '_')}_multi_{_multi}_checksum_{_ck}"] = (
                "", [("fis_file.click", {"FILE": str(DATA / _file), "MULTI": _multi,
                                         "CHECKSUM": _ck})])


def clean_stderr(text: str) -> str:
    """Standard error without Click's "expensive Packet::put" notes."""
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("expensive Packet::put"))


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stage_command(driver: list[str], pcap: str, stage: Stage, out: Path) -> list[str]:
    """The command line of one stage."""
    config, params = stage
    cmd = [*driver, str(CONFIGS / config), f"OUT={out}"]
    if pcap:
        cmd.append(f"IN={PCAPS / pcap}")
    return cmd + [f"{k}={v}" for k, v in params.items()]


def shown(text: str, out: str) -> str:
    """``text`` with the output directory as OUT and paths relative to the repository."""
    return text.replace(out, "OUT").replace(str(REPO) + "/", "").replace(
        str(REPO.parent) + "/", "../")


def record(click: str) -> None:
    """Record every case with Click's userlevel driver ``click`` into expected/CASE.json:
    the commands (the output directory shown as OUT, paths relative to the repository), each
    stage's exit status, standard output and standard error (:func:`clean_stderr`), then the
    sha256 of every file the stages wrote."""
    for name, (pcap, stages) in CASES.items():
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            runs = []
            for stage in stages:
                cmd = stage_command([click], pcap, stage, out)
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=REPO)
                runs.append({"command": shown(" ".join(cmd), tmp), "status": p.returncode,
                             "stdout": shown(p.stdout, tmp),
                             "stderr": shown(clean_stderr(p.stderr), tmp)})
            files = {f.name: file_digest(f) for f in sorted(out.iterdir())}
        EXPECTED.mkdir(parents=True, exist_ok=True)
        (EXPECTED / f"{name}.json").write_text(
            json.dumps({"stages": runs, "files": files}, indent=1) + "\n")
        print(name, [r["status"] for r in runs], len(files))
