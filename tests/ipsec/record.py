"""Record what Click's userlevel driver does on the IPsec test configurations (expected/).

    python3 tests/ipsec/record.py [CLICK]     (CLICK defaults to $CLICK_PREFIX/bin/click)

For each case: the exact command, exit status, standard output (handler values), standard
error lines without Click's "expensive Packet::push/put" notes (clickc allocates headroom
differently and never prints them) and the sha256 of the output capture.  Decryption cases
read the capture Click's encryption case wrote; the "twice" cases read it twice in a row (every
second copy is a replay); "crafted" reads common.crafted_packets().
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests import oracle  # noqa: E402
from tests.ipsec import common  # noqa: E402

CIPHERS = ["des", "aes", "null"]
DEC_HANDLERS = ["vauth.drops", "other.count"]


def run(click: str, config: str, inp: Path | None, out: Path | None,
        handlers: list[str]) -> dict[str, object]:
    """One run of Click: its command, exit status, standard output, standard error lines
    without Click's headroom notes (paths reduced to base names) and the output's digest."""
    p = subprocess.run([click, str(common.CONFIGS / config),
                        *common.run_args(inp, out, handlers)],
                       capture_output=True, text=True, timeout=600)
    return {
        "command": " ".join(["click", f"tests/ipsec/configs/{config}"]
                            + ([f"IN={inp.name}"] if inp else [])
                            + (["OUT=out.pcap"] if out else [])
                            + [x for h in handlers for x in ("-h", h)]),
        "status": p.returncode,
        "stdout": p.stdout,
        "stderr": [ln for ln in common.base_names(p.stderr)
                   if not ln.startswith("expensive Packet::")],
        "output": common.digest(out) if out is not None and out.exists() else None,
    }


def main() -> None:
    default = oracle.click_tool("click")
    if len(sys.argv) < 2 and default is None:
        sys.exit(oracle.skip_reason_tool("click"))
    click = sys.argv[1] if len(sys.argv) > 1 else str(default)
    common.EXPECTED.mkdir(exist_ok=True)
    rec: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        for cap in common.CAPTURES:
            stem = cap[:-5]
            for c in CIPHERS:
                enc = tmp / f"enc-{c}-{stem}.pcap"
                rec[f"enc-{c}/{stem}"] = run(click, f"enc-{c}.click", common.PCAPS / cap, enc,
                                             [])
                dec = tmp / f"dec-{c}-{stem}.pcap"
                rec[f"dec-{c}/{stem}"] = run(click, f"dec-{c}.click", enc, dec, DEC_HANDLERS)
                if c != "null" and stem == "tcpreplay-test":
                    lt, pk = common.read_pcap(enc)
                    twice = tmp / f"twice-{c}-{stem}.pcap"
                    common.write_pcap(twice, pk + pk, lt)
                    rec[f"dec-{c}/twice-{stem}"] = run(click, f"dec-{c}.click", twice,
                                                       tmp / "out.pcap", DEC_HANDLERS)
        crafted = tmp / "crafted.pcap"
        common.write_pcap(crafted, [(1000 + i, 0, p)
                                    for i, p in enumerate(common.crafted_packets())])
        rec["dec-null/crafted"] = run(click, "dec-null.click", crafted, tmp / "out2.pcap",
                                      DEC_HANDLERS)
        rec["table"] = run(click, "table.click", None, None, ["rt.table"])
    (common.EXPECTED / "click.json").write_text(json.dumps(rec, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
