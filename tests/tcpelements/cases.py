"""The TCP element cases (TCPBuffer, TCPDemux): configurations in configs/ (written for these
tests), the captures from ../shared/pcaps each runs on, and the handlers read at exit.
Expected outputs were recorded from Click's userlevel driver by record.py (the command is in
each expected file); digests and standard error filtering are tests/ipelements/cases.py's."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from ipelements.cases import lines_digest, pcap_digest, stderr_lines  # noqa: E402

CONFIGS = HERE / "configs"
EXPECTED = HERE / "expected"
PCAPS = HERE.parents[2] / "shared" / "pcaps"

CASES: dict[str, tuple[list[str], list[str]]] = {
    "tcpbuffer": (["in.count", "out.count", "outs.count"],
                  ["tcpreplay-test.pcap", "zeek-echo-connections.pcap", "tcpdump-afs.pcap",
                   "suricata-decode-too-small.pcap"]),
}

__all__ = ["CASES", "CONFIGS", "CRAFTED", "EXPECTED", "PCAPS", "input_path", "lines_digest",
           "pcap_digest", "stderr_lines"]


#: No generated input: every case runs on captures from ../shared/pcaps.
CRAFTED = None


def input_path(pcap: str, scratch: Path) -> Path:
    """Where input ``pcap`` is (../shared/pcaps; ``scratch`` is unused)."""
    del scratch
    return PCAPS / pcap
