"""The IP element cases: configurations in configs/ (written for these tests), the captures
from ../shared/pcaps each one runs on, and the handlers read at exit.  Expected outputs were
recorded from Click's userlevel driver by tests/elemharness.py (the command is in each expected
file)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.elemharness import output_digest

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"

_MALFORMED = ["tcpreplay-test.pcap", "ndpi-fuzz-2006-06-26-2594.pcap",
              "suricata-malformed-ipv4.pcap", "tcpdump-kday3.pcap",
              "libtrace-100_packets.pcap", "tcpdump-babel_update_oobr.pcap",
              "suricata-decode-too-small.pcap", "tcpdump-esp_truncated.pcap"]
_CHECKSUMS = ["zeek-ip4-bad-chksum.pcap", "zeek-ip4-udp-bad-chksum.pcap",
              "zeek-ip4-icmp-bad-chksum.pcap", "zeek-ip4-udp-good-chksum.pcap",
              "tcpdump-icmp-rfc8335.pcap", "suricata-icmpv4-ping.pcap", "tcpdump-ntp.pcap"]
_OPTIONS = ["tcpdump-IGMP_V1.pcap", "tcpdump-IGMP_V2.pcap", "suricata-ip_secopt.pcap",
            "suricata-ipopts-esec.pcap", "ndpi-gnutella.pcap", "tcpdump-ldp-common-session.pcap"]
_FRAGS = ["tcpdump-afs.pcap", "zeek-fragmented-4.pcap", "suricata-ipv4frags.pcap",
          "ndpi-icmp-tunnel.pcap"]

#: The input built by crafted.write_crafted rather than read from ../shared/pcaps.
CRAFTED = "crafted.pcap"

#: config stem -> (handlers read at exit, input captures).  CheckICMPHeader's drop_details is
#: not read: Click leaves its counters uninitialized (checkicmpheader.cc allocates them without
#: zeroing), so Click's values are arbitrary.
CASES: dict[str, tuple[list[str], list[str]]] = {
    "checks": (["good.count", "bad.count", "chk.drops", "chk.drop_details", "tcp.drops",
                "tcp.drop_details", "udp.drop_details", "tcpok.count",
                "udpok.count", "icmpok.count"],
               [CRAFTED] + _MALFORMED + _CHECKSUMS + _OPTIONS[:2]),
    "forward": (["chk.drops", "opt.drops", "dt.drops", "fr.drops", "fr.fragments",
                 "fwd.count", "redir.count", "pp.src", "nf.mtu", "nf.pmtu", "pt.color"],
                [CRAFTED] + _MALFORMED[:6] + _OPTIONS + _FRAGS[:2]),
    "encap": (["tcpok.count", "udpok.count", "ipip.src", "ipip.dst", "anno.dst", "udp.src",
               "udp.sport", "udp.dst", "udp.dport"],
              [CRAFTED] + _MALFORMED[:4] + _CHECKSUMS[3:] + _FRAGS[:2]),
    "frag": (["f1.drops", "f1.fragments", "f2.drops", "f2.fragments", "n1.count",
              "n2.count"],
             [CRAFTED] + _FRAGS + _OPTIONS[:1] + _MALFORMED[:2]),
}


def digest(path: Path) -> str:
    """sha256 of a pcap file with the timestamps of generated packets (ICMP errors) zeroed;
    other files are hashed as they are (tests/elemharness.py output_digest)."""
    return output_digest(path)


#: Messages of Click's Packet class, not of the elements these cases test: Packet::pull's
#: warning when Strip removes more than the packet holds, and Packet::push's when it must copy
#: for headroom (clickc's runtime has other buffer sizes).  They are left out of comparisons.
PACKET_CHATTER = re.compile(r"^(Packet::pull \d+ > length \d+|expensive Packet::push; "
                            r"have \d+ wanted \d+)$")


def stderr_lines(text: str) -> list[str]:
    """Non-empty standard error lines, without Click's Packet messages (PACKET_CHATTER)."""
    return [line.rstrip() for line in text.splitlines()
            if line.strip() and not PACKET_CHATTER.match(line.rstrip())]
