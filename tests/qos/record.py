"""Record what Click does for every case of cases.CASES into expected/CASE.json.

Run from the repository root with Click installed:
    python3 -m tests.qos.record /tmp/clickinst/bin/click
Each file keeps the commands (the output directory shown as OUT, paths relative to the
repository), and for each stage Click's exit status, standard output and standard error
(cases.clean_stderr), then the sha256 of every file the stages wrote.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from .cases import CASES, EXPECTED, REPO, clean_stderr, file_digest, shown, stage_command


def main() -> int:
    click = sys.argv[1]
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
