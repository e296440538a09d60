"""Cases of the Ethernet, switch and analysis element tests: our configurations (configs/)
run on real captures from ../shared/pcaps, with what Click's userlevel driver produced
(expected/NAME/STEM.json, recorded by tests/elemharness.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.elemharness import output_digest

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"

_ARP = ["suricata-decode-arp.pcap", "tcpdump-arp-oobr.pcap", "tcpreplay-test.pcap",
        "ndpi-gnutella.pcap"]
_MALFORMED = ["suricata-decode-too-small.pcap", "ndpi-fuzz-2006-06-26-2594.pcap",
              "suricata-malformed-ipv4.pcap", "zeek-fragmented-4.pcap",
              "tcpdump-babel_update_oobr.pcap",
              "suricata-icmpv4-ping.pcap", "tcpdump-IGMP_V2.pcap"]

#: name -> (handlers read at exit, input captures)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "arp": (["q.count", "q.length", "q.queries", "q.responses", "q.drops", "q.stats",
             "ar.table", "notours.count"], _ARP),
    "switches": ([f"{c}.count" for c in ("own", "h0", "h1", "h2", "r0", "r1", "s0", "s1",
                                          "s2", "w0", "w1")] + ["sw.switch", "ss.config"],
                 ["tcpreplay-test.pcap", "suricata-decode-too-small.pcap",
                  "tcpdump-arp-oobr.pcap"]),
    "ipprint": ([], _MALFORMED),
    "ipsummary": ([], _MALFORMED + ["tcpdump-afs.pcap",
                                    "suricata-frag-eth-vlan-ip-tcp-syn.pcap"]),
}


def digest(path: Path) -> str:
    """sha256 of an output file; in a pcap, timestamps of generated packets (ARP replies
    carry the current time) are zeroed (tests/elemharness.py output_digest)."""
    return output_digest(path)


def stderr_lines(text: str) -> list[str]:
    """Standard error as lines, file paths reduced to base names."""
    return [re.sub(r"[^\s'\"]*/([^\s/:'\"]+\.(?:click|pcap|txt))", r"\1", ln)
            for ln in text.splitlines()]

