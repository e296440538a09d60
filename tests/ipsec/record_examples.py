"""Record Click's runs of the VPN examples (expected/examples.json): standard output (the
counters DriverManager prints) and the stable digests of the compared outputs.

    python3 tests/ipsec/record_examples.py [CLICK]     (default $CLICK_PREFIX/bin/click)

Each entry's "command" is the exact Click command line (paths shortened)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests import oracle  # noqa: E402
from tests.ipsec.common import EXPECTED, PCAPS  # noqa: E402
from tests.ipsec.examples_cases import (  # noqa: E402
    EXAMPLES,
    OUTPUTS,
    RUNS,
    WAN_OUTPUT,
    stable_digest,
)


def main() -> None:
    default = oracle.click_tool("click")
    if len(sys.argv) < 2 and default is None:
        sys.exit(oracle.skip_reason_tool("click"))
    click = sys.argv[1] if len(sys.argv) > 1 else str(default)
    rec: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        for name, (example, params, inp, compared) in RUNS.items():
            src = tmp / f"{inp[1:]}-{WAN_OUTPUT[RUNS[inp[1:]][0]]}.pcap" if inp.startswith("@") \
                else PCAPS / inp
            outs = {o: tmp / f"{name}-{o}.pcap" for o in OUTPUTS[example]}
            args = [f"{k}={v}" for k, v in params.items()] + [f"IN={src}"] + \
                [f"{o}={p}" for o, p in outs.items()]
            p = subprocess.run([click, str(EXAMPLES / example), *args], capture_output=True,
                               text=True, timeout=600)
            shown = [a if not a.startswith(("IN=", "OUT")) else a.split("=")[0] + "=" +
                     Path(a.split("=", 1)[1]).name for a in args]
            rec[name] = {"command": " ".join(["click", f"examples/{example}", *shown]),
                         "status": p.returncode, "stdout": p.stdout,
                         "outputs": {o: stable_digest(outs[o]) for o in compared},
                         "unordered": {o: stable_digest(outs[o], False) for o in compared}}
    (EXPECTED / "examples.json").write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
