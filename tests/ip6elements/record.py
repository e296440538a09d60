"""Record the expected outputs of the IPv6 element cases from Click's userlevel driver.

usage: python3 tests/ip6elements/record.py [CLICK]   (default /tmp/click6src/userlevel/click)

The installed Click (/tmp/clickinst) was configured without the ip6 element group, so the
expected files were recorded with Click 2.1 from the same source built with it: a copy of
/tmp/clicksrc configured with its own options plus ``--enable-ip6``, then
``make -C userlevel click``.

For each case of cases.CASES and each input capture, runs
``click configs/NAME.click IN=PCAP OUT=DIR -h H...`` in a scratch directory and writes
expected/NAME/STEM.json: the command, standard output (handler values), the number, digest
and first lines of standard error (cases.lines_digest) and the digest of every output file
(cases.pcap_digest).  A capture whose outputs differ between two Click runs (time-dependent
output) is reported and not recorded.
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
from cases import CASES, CONFIGS, EXPECTED, input_path, lines_digest, pcap_digest, stderr_lines  # noqa: E402


def run_click(click: str, name: str, pcap: str, handlers: list[str]) -> dict[str, Any]:
    """One run of Click on one case; returns the record."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        out.mkdir()
        src = input_path(pcap, Path(tmp))
        cmd = [click, str(CONFIGS / f"{name}.click"), f"IN={src}", f"OUT={out}"]
        for h in handlers:
            cmd += ["-h", h]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp)
        files = {f.name: pcap_digest(f) for f in sorted(out.iterdir())}
        shown_in = ("IN=crafted6.pcap (crafted.py)" if src.parent == Path(tmp)
                    else f"IN=../shared/pcaps/{pcap}")
        shown = ["click", f"tests/ip6elements/configs/{name}.click", shown_in,
                 "OUT=DIR"] + [a for h in handlers for a in ("-h", h)]
        err = stderr_lines(p.stderr)
        return {"command": " ".join(shown), "status": p.returncode, "stdout": p.stdout,
                "stderr_lines": len(err), "stderr_sha256": lines_digest(err),
                "stderr_head": err[:10], "files": files}


def main() -> None:
    """Record every case."""
    click = sys.argv[1] if len(sys.argv) > 1 else "/tmp/click6src/userlevel/click"
    for name, (handlers, inputs) in CASES.items():
        d = EXPECTED / name
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
        for pcap in inputs:
            a = run_click(click, name, pcap, handlers)
            b = run_click(click, name, pcap, handlers)
            if a != b:
                print(f"{name} {pcap}: output depends on time; not recorded")
                continue
            (d / (pcap[:-5] + ".json")).write_text(json.dumps(a, indent=1) + "\n")
            print(f"{name} {pcap}: status {a['status']}, {len(a['files'])} files")


if __name__ == "__main__":
    main()
