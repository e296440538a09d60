"""The example routers' runs compared with Click: configuration, capture, parameters, and how
output captures are compared.

Each case runs one examples/*.click (or the configuration examples/make-routerbench.py builds)
on a capture from ../shared/pcaps with its output captures in a fresh directory;
expected/CASE.json holds what Click's userlevel driver printed and a digest of every output
capture (:func:`record` made them, run as
``CLICK_PREFIX=... python3 -m tests.elemharness examples``; the exact command is in each file).
Frames the router makes
itself (ARP replies and queries) carry the time they were made, so the digest leaves out the
timestamps of ARP frames; everything else -- every byte of every frame, the order, the other
timestamps -- is compared.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import dpkt

REPO = Path(__file__).resolve().parents[2]
EXPECTED = Path(__file__).resolve().parent / "expected"
SHARED = REPO.parent / "shared"
PCAPS = SHARED / "pcaps"

#: name: (configuration relative to the repository or "routerbench" (generated),
#:        capture, {output parameter: file name})
CASES: dict[str, tuple[str, str, dict[str, str]]] = {
    "iprouter-gnutella": ("examples/iprouter.click", "ndpi-gnutella.pcap",
                          {"OUT0": "eth0.pcap", "OUT1": "eth1.pcap"}),
    "iprouter-afs": ("examples/iprouter.click", "tcpdump-afs.pcap",
                     {"OUT0": "eth0.pcap", "OUT1": "eth1.pcap"}),
    "iprouter4-gnutella": ("examples/iprouter4.click", "ndpi-gnutella.pcap",
                           {"OUT0": "eth0.pcap", "OUT1": "eth1.pcap", "OUT2": "eth2.pcap",
                            "OUT3": "eth3.pcap"}),
    "routerbench-gnutella": ("routerbench", "ndpi-gnutella.pcap", {"OUTDIR": "."}),
}

#: make-routerbench.py arguments of the "routerbench" configuration (the Internet2 FIB keeps
#: the build short; the example's default is the 512K-prefix RouteViews table).
ROUTERBENCH_ARGS = ["--rules", str(SHARED / "rules" / "classbench" / "filtersets" / "acl1_1k"),
                    "--routes", str(SHARED / "routes" / "internet2-atla-fib.txt")]


def capture_digest(path: Path) -> str:
    """sha256 over (timestamp, frame) of every record; ARP frames without their timestamp."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for ts, buf in dpkt.pcap.Reader(f):
            arp = len(buf) >= 14 and buf[12:14] == b"\x08\x06"
            h.update(b"-" if arp else repr(ts).encode())
            h.update(len(buf).to_bytes(4, "big") + buf)
    return h.hexdigest()


def command(driver: list[str], config: Path, name: str, out: Path) -> list[str]:
    """The command line of one case's run."""
    _, pcap, outs = CASES[name]
    return [*driver, str(config), f"IN={PCAPS / pcap}",
            *(f"{k}={out / v}" if v != "." else f"{k}={out}" for k, v in outs.items())]


def record(click: str) -> None:
    """Record what Click's userlevel driver ``click`` does for every case into
    expected/CASE.json: the command (the output directory shown as OUT), Click's exit status,
    standard output and standard error and the digest (:func:`capture_digest`) of every
    capture the run wrote."""
    for name, (config, _, _) in CASES.items():
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            if config == "routerbench":
                cfg = out / "routerbench.click"
                subprocess.run([sys.executable, str(REPO / "examples" / "make-routerbench.py"),
                                *ROUTERBENCH_ARGS, "-o", str(cfg)], check=True)
                shown_cfg = "routerbench.click (make-routerbench.py " + " ".join(
                    a.replace(str(REPO.parent) + "/", "../") for a in ROUTERBENCH_ARGS) + ")"
            else:
                cfg = REPO / config
                shown_cfg = config
            cmd = command([click], cfg, name, out)
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=REPO)
            files = {f.name: capture_digest(f) for f in sorted(out.glob("*.pcap"))}
        shown = " ".join([click, shown_cfg] + [c.replace(tmp, "OUT").replace(
            str(REPO.parent) + "/", "../") for c in cmd[2:]])
        rec = {"command": shown, "status": p.returncode, "stdout": p.stdout,
               "stderr": p.stderr, "files": files}
        EXPECTED.mkdir(parents=True, exist_ok=True)
        (EXPECTED / f"{name}.json").write_text(json.dumps(rec, indent=1) + "\n")
        print(name, p.returncode, len(files))
