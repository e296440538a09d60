"""The NAT cases compared with Click: configuration (configs/NAME.click, written for these
tests), the handlers read at exit, and the captures from ../shared/pcaps each runs on.

expected/NAME/STEM/ holds what Click's userlevel driver produced (tests/elemharness.py, the
"dir" layout; the exact command is in command.txt next to the outputs): stdout.txt (handler
values and Script output), stderr.txt and outputs.sha256 (the digest of every file the router
wrote to OUT)."""

from __future__ import annotations

from pathlib import Path

from tests.elemharness import PCAPS
from tests.elemharness import sha256_file as digest

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"
#: recordings in expected/NAME/STEM/ (tests/elemharness.py)
LAYOUT = "dir"
#: the case run without OUT (its outputs are the handler values)
NO_OUTPUT = {"timeouts"}
#: the cases also run under the sanitizers (their captures include fuzzed and truncated ones)
SANITIZED = {"mirror", "classes", "icmperr", "ping"}

_RW = ["rw.nmappings", "rw.size", "rw.patterns", "rw.mapping_failures", "rw.tcp_table",
       "rw.udp_table"]

#: name -> (handlers read with -h, runs: a capture, then any NAME=VALUE parameters)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "mirror": (["fwd.count", "rev.count", "other.count", *_RW],
               ["tcpreplay-test.pcap", "ndpi-gnutella.pcap", "tcpdump-ldp-common-session.pcap",
                "suricata-decode-too-small.pcap", "tcpdump-kday3.pcap", "tcpdump-afs.pcap"]),
    "keep": (["fwd.count", "rev.count", "rw.tcp_table", "rw.udp_table", "rw.patterns"],
             ["tcpreplay-test.pcap", "ndpi-gnutella.pcap"]),
    "classes": (["tf.count", "tr.count", "tp.count", "uf.count", "ur.count", "other.count",
                 "trw.table", "urw.table", "trw.nmappings", "urw.nmappings", "trw.patterns",
                 "urw.patterns", "urw.mapping_failures"],
                ["tcpreplay-test.pcap", "ndpi-gnutella.pcap", "tcpdump-afs.pcap",
                 "ndpi-ip_fragmented_garbage.pcap", "ndpi-fuzz-2006-06-26-2594.pcap"]),
    "ipaddr": (["af.count", "arv.count", "pf.count", "prv.count", "ar.table", "pr.table",
                "ar.size", "pr.size", "ar.patterns", "pr.patterns"],
               ["tcpreplay-test.pcap", "ndpi-gnutella.pcap", "tcpdump-dhcp-rfc4388.pcap"]),
    "ping": (["fwd.count", "rev.count", "other.count", "pr.table", "pr.nmappings",
              "pr.patterns", "pr.mapping_failures"],
             ["suricata-icmpv4-ping.pcap", "ndpi-icmp-tunnel.pcap", "ndpi-gnutella.pcap",
              "suricata-ipv4frags.pcap"]),
    "mapper": (["o0.count", "o1.count", "o2.count", "o3.count", "o4.count", "o5.count",
                "rw.tcp_table", "rw.udp_table", "rw.patterns", "rw.mapping_failures"],
               ["tcpreplay-test.pcap", "ndpi-gnutella.pcap"]),
    "capacity": (["o1.count", "o2.count"], ["ndpi-gnutella.pcap", "tcpreplay-test.pcap"]),
    "timeouts": (["out.count"], ["tcpreplay-test.pcap", "ndpi-gnutella.pcap"]),
    "icmperr": (["nf.count", "pf.count", "ein.count", "eout.count", "nat.tcp_table",
                 "nat.udp_table", "pnat.table"],
                ["ndpi-gnutella.pcap PUB=10.0.2.15", "tcpdump-dhcp-rfc4388.pcap PUB=10.40.2.3",
                 "tcpreplay-test.pcap PUB=172.16.11.1", "tcpdump-afs.pcap PUB=131.151.1.59"]),
}


__all__ = ["CASES", "CONFIGS", "EXPECTED", "LAYOUT", "NO_OUTPUT", "PCAPS", "SANITIZED",
           "digest"]
