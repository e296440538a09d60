"""The IPv6 element cases: configurations in configs/ (written for these tests), the inputs
each one runs on (captures from ../shared/pcaps with IPv6 traffic, and crafted6.pcap built by
crafted.py), and the handlers read at exit.  Expected outputs were recorded from Click's
userlevel driver by record.py (the command is in each expected file).  Digests and standard
error filtering are the IP element tests' (tests/ipelements/cases.py)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from ipelements.cases import lines_digest, pcap_digest, stderr_lines  # noqa: E402

CONFIGS = HERE / "configs"
EXPECTED = HERE / "expected"
PCAPS = HERE.parents[2] / "shared" / "pcaps"

#: The input built by crafted.write_crafted rather than read from ../shared/pcaps.
CRAFTED = "crafted6.pcap"

#: Real captures with IPv6 packets (INDEX.tsv: ipv6=N).
_REAL = ["tcpreplay-test.pcap", "ndpi-gnutella.pcap", "tcpdump-vrrp.pcap",
         "suricata-decode-too-small.pcap"]

#: config stem -> (handlers read at exit, inputs).
CASES: dict[str, tuple[list[str], list[str]]] = {
    "route6": (["chk.drops", "dh.drops", "rt.table", "fwd.count", "gw.count", "dflt.count",
                "bad.count", "other.count"],
               [CRAFTED] + _REAL),
    "handlers6": (["rt.table"], [CRAFTED]),
    "nd": (["advd.count", "sol.table", "sol.stats", "out.count", "q.count"],
           [CRAFTED] + _REAL),
}

__all__ = ["CASES", "CONFIGS", "CRAFTED", "EXPECTED", "PCAPS", "input_path", "lines_digest",
           "pcap_digest", "stderr_lines"]


def input_path(pcap: str, scratch: Path) -> Path:
    """Where input ``pcap`` is: in ../shared/pcaps, or written to ``scratch`` for CRAFTED."""
    if pcap == CRAFTED:
        from crafted import write_crafted  # type: ignore[import-not-found]

        path = scratch / CRAFTED
        write_crafted(path)
        return path
    return PCAPS / pcap
