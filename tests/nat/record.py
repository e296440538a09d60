"""Record the expected outputs of the NAT cases from Click's userlevel driver.

usage: python3 tests/nat/record.py [CLICK [CASE...]]
(CLICK defaults to /tmp/clickinst/bin/click; run from the repository root)

For each case and capture (cases.CASES) runs ``click tests/nat/configs/NAME.click
IN=../shared/pcaps/PCAP OUT=OUTDIR -h H...`` twice and writes expected/NAME/STEM/: command.txt,
stdout.txt, stderr.txt and outputs.sha256.  A run whose two outputs differ is not recorded.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cases import CASES, EXPECTED, command, digests, stem  # noqa: E402


def run(click: str, name: str, pcap: str, handlers: list[str]) -> tuple[str, str, str]:
    """One run of Click: (stdout, stderr, digests of the outputs)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        out.mkdir()
        cmd = [a.replace("OUTDIR", str(out)).replace("../shared", str(Path.cwd().parent
                                                                        / "shared"))
               for a in command(name, pcap, handlers, click)]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                           errors="surrogateescape")
        return p.stdout, p.stderr, digests(out)


def main() -> None:
    """Record every case."""
    click = sys.argv[1] if len(sys.argv) > 1 else "/tmp/clickinst/bin/click"
    only = sys.argv[2:]
    for name, (handlers, inputs) in CASES.items():
        if only and name not in only:
            continue
        for pcap in inputs:
            d = EXPECTED / name / stem(pcap)
            shutil.rmtree(d, ignore_errors=True)
            a = run(click, name, pcap, handlers)
            b = run(click, name, pcap, handlers)
            if a != b:
                print(f"{name} {pcap}: output differs between runs; not recorded")
                continue
            d.mkdir(parents=True)
            (d / "command.txt").write_text(" ".join(command(name, pcap, handlers)) + "\n")
            (d / "stdout.txt").write_text(a[0])
            (d / "stderr.txt").write_text(a[1])
            (d / "outputs.sha256").write_text(a[2])
            print(f"{name} {pcap}: recorded")


if __name__ == "__main__":
    main()
