"""Record the expected outputs of the TCP element cases from Click's userlevel driver.

usage: python3 tests/tcpelements/record.py [CLICK]   (default /tmp/clickinst/bin/click)

For each case of cases.CASES and each capture, runs
``click configs/NAME.click IN=PCAP OUT=DIR -h H...`` twice in a scratch directory and writes
expected/NAME/STEM.json (command, status, standard output, standard error digest and head,
output file digests) when both runs agree.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cases import CASES, CONFIGS, EXPECTED, PCAPS, lines_digest, pcap_digest, stderr_lines  # noqa: E402


def run_click(click: str, name: str, pcap: str, handlers: list[str]) -> dict[str, Any]:
    """One run of Click on one case; returns the record."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        out.mkdir()
        cmd = [click, str(CONFIGS / f"{name}.click"), f"IN={PCAPS / pcap}", f"OUT={out}"]
        for h in handlers:
            cmd += ["-h", h]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp)
        shown = ["click", f"tests/tcpelements/configs/{name}.click", f"IN=../shared/pcaps/{pcap}",
                 "OUT=DIR"] + [a for h in handlers for a in ("-h", h)]
        err = stderr_lines(p.stderr)
        return {"command": " ".join(shown), "status": p.returncode, "stdout": p.stdout,
                "stderr_lines": len(err), "stderr_sha256": lines_digest(err),
                "stderr_head": err[:10],
                "files": {f.name: pcap_digest(f) for f in sorted(out.iterdir())}}


def main() -> None:
    """Record every case."""
    click = sys.argv[1] if len(sys.argv) > 1 else "/tmp/clickinst/bin/click"
    for name, (handlers, inputs) in CASES.items():
        d = EXPECTED / name
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        for pcap in inputs:
            a = run_click(click, name, pcap, handlers)
            if a != run_click(click, name, pcap, handlers):
                print(f"{name} {pcap}: output depends on time; not recorded")
                continue
            (d / (pcap[:-5] + ".json")).write_text(json.dumps(a, indent=1) + "\n")
            print(f"{name} {pcap}: status {a['status']}, {len(a['files'])} files")


if __name__ == "__main__":
    main()
