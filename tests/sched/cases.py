"""The scheduler and queue cases compared with Click: configuration, inputs, handlers.

Each case is one of our configurations in configs/ run with ``IN=<capture> OUT=<dir>`` (a
capture from ../shared/pcaps, or none for generated traffic) and ``-h`` for the handlers
listed; expected/NAME/STEM.json holds what Click's userlevel driver produced (record.py made
them; the exact command is in each file).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIGS = HERE / "configs"
EXPECTED = HERE / "expected"
PCAPS = HERE.parents[2] / "shared" / "pcaps"
GENERATED = "generated"  # the input name of cases without a capture

# name: (handlers read at exit, inputs)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "scheds": (["cps.count", "crr.count", "cdrr.count", "css.count", "ss.config"],
               ["ndpi-gnutella.pcap", "tcpdump-afs.pcap"]),
    "queues": ([], ["tcpdump-afs.pcap", "ndpi-gnutella.pcap"]),
    "rotation": ([], [GENERATED]),
    "red": (["r.drops", "pr.drops", "rq.drops"], ["tcpdump-afs.pcap", "ndpi-gnutella.pcap"]),
    "red_random": (["r.drops"], ["ndpi-gnutella.pcap", "zeek-echo-connections.pcap"]),
}


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def command(driver: str, name: str, pcap: str, out: str) -> list[str]:
    """The command line of one run (``driver`` is ``click`` or ``clickc run``)."""
    cmd = [*driver.split(), str(CONFIGS / f"{name}.click")]
    if pcap != GENERATED:
        cmd += [f"IN={PCAPS / pcap}", f"OUT={out}"]
    for h in CASES[name][0]:
        cmd += ["-h", h]
    return cmd
