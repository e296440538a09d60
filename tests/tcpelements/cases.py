"""The TCP element cases (TCPBuffer, TCPDemux, FTPPortMapper with the rewriters):
configurations in configs/ (written for these tests), the inputs each runs on (captures from
../shared/pcaps, or the FTP session crafted.py writes) and the handlers read at exit.
Expected outputs were recorded from Click's userlevel driver by tests/elemharness.py (the
command is in each expected file); digests are tests/ipelements/cases.py's."""

from __future__ import annotations

from pathlib import Path

from tests.ipelements.cases import digest
from tests.ipelements.cases import stderr_lines as _ip_stderr_lines

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"
#: the FTP session of crafted.py
CRAFTED = "ftp.pcap"


def stderr_lines(text: str) -> list[str]:
    """tests/ipelements' standard error lines, also without Click's "expensive Packet::put"
    notes (FTPPortMapper grows packets; clickc's buffers have other tailroom)."""
    return [line for line in _ip_stderr_lines(text)
            if not line.startswith("expensive Packet::put; ")]


CASES: dict[str, tuple[list[str], list[str]]] = {
    "tcpbuffer": (["in.count", "out.count", "outs.count"],
                  ["tcpreplay-test.pcap", "zeek-echo-connections.pcap", "tcpdump-afs.pcap",
                   "suricata-decode-too-small.pcap"]),
    "ftpportmapper": (["c0.count", "c1.count", "d0.count", "d1.count", "rw.table",
                       "rw.nmappings", "data.tcp_table", "data.nmappings"],
                      [CRAFTED]),
}

__all__ = ["CASES", "CONFIGS", "CRAFTED", "EXPECTED", "digest", "stderr_lines"]
