"""The TCP element cases (TCPBuffer, TCPDemux): configurations in configs/ (written for these
tests), the captures from ../shared/pcaps each runs on, and the handlers read at exit.
Expected outputs were recorded from Click's userlevel driver by tests/elemharness.py (the
command is in each expected file); digests and standard error filtering are
tests/ipelements/cases.py's."""

from __future__ import annotations

from pathlib import Path

from tests.ipelements.cases import digest, stderr_lines

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"

CASES: dict[str, tuple[list[str], list[str]]] = {
    "tcpbuffer": (["in.count", "out.count", "outs.count"],
                  ["tcpreplay-test.pcap", "zeek-echo-connections.pcap", "tcpdump-afs.pcap",
                   "suricata-decode-too-small.pcap"]),
}

__all__ = ["CASES", "CONFIGS", "EXPECTED", "digest", "stderr_lines"]
