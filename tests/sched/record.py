"""Record what Click does for every case of cases.CASES into expected/NAME/STEM.json.

Run from the repository root with Click installed:
    python3 -m tests.sched.record /tmp/clickinst/bin/click
Each file keeps the command (with the output directory shown as OUT), Click's exit status,
standard output, standard error and the sha256 of every file the run wrote.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from .cases import CASES, EXPECTED, command, file_digest


def main() -> int:
    click = sys.argv[1]
    for name, (_, inputs) in CASES.items():
        for pcap in inputs:
            with tempfile.TemporaryDirectory() as tmp:
                cmd = command(click, name, pcap, tmp)
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=tmp)
                files = {f.name: file_digest(f) for f in sorted(Path(tmp).iterdir())}
            shown = [c.replace(tmp, "OUT").replace(str(Path.cwd()) + "/", "") for c in cmd]
            rec = {"command": " ".join(shown), "status": p.returncode, "stdout": p.stdout,
                   "stderr": p.stderr, "files": files}
            out = EXPECTED / name / (pcap.removesuffix(".pcap") + ".json")
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(rec, indent=1) + "\n")
            print(out, p.returncode, len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
