"""The IPv6 element cases: configurations in configs/ (written for these tests), the inputs
each one runs on (captures from ../shared/pcaps with IPv6 traffic, and crafted6.pcap built by
crafted.py), and the handlers read at exit.  Expected outputs were recorded from Click's
userlevel driver by tests/elemharness.py (the command is in each expected file).  Digests and
standard error filtering are the IP element tests' (tests/ipelements/cases.py).

The installed Click (``$CLICK_PREFIX``) was configured without the ip6 element group, so the
expected files were recorded with Click 2.1 from the same source built with it (ORACLE below):
a copy of ``$CLICK_SRC`` configured with its own options plus ``--enable-ip6``, then
``make -C userlevel click``; ``$CLICK6`` names that program (tests/oracle.py)."""

from __future__ import annotations

from pathlib import Path

from tests.ipelements.cases import digest, stderr_lines

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"
#: The variable of tests/oracle.py naming the Click the recordings were made with.
ORACLE = "CLICK6"

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

__all__ = ["CASES", "ORACLE", "CONFIGS", "CRAFTED", "EXPECTED", "digest", "stderr_lines"]
