"""Record what Click does for every case of cases.CASES into expected/CASE.json.

Run from the repository root with Click installed:
    python3 -m tests.examples.record /tmp/clickinst/bin/click
Each file keeps the command (the output directory shown as OUT), Click's exit status,
standard output and the digest (cases.capture_digest) of every capture the run wrote.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from .cases import CASES, EXPECTED, REPO, ROUTERBENCH_ARGS, capture_digest, command


def main() -> int:
    click = sys.argv[1]
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
