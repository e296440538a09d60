"""The cases of the tests of the classes added for issue 5's element list (checksum setters,
switches, random elements, ICMP ping elements, information elements, ...): our
configurations in configs/ run on real captures from ../shared/pcaps and on crafted.pcap,
with what Click's userlevel driver produced (expected/NAME/STEM.json, recorded by
tests/elemharness.py with the command in each file)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.elemharness import output_digest
from tests.ipelements.cases import stderr_lines as _ip_stderr_lines

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"

#: The input written by crafted.write_crafted rather than read from ../shared/pcaps.
CRAFTED = "crafted.pcap"

_MALFORMED = ["tcpreplay-test.pcap", "suricata-malformed-ipv4.pcap", "tcpdump-kday3.pcap",
              "suricata-decode-too-small.pcap", "ndpi-fuzz-2006-06-26-2594.pcap",
              "tcpdump-esp_truncated.pcap"]
_CHECKSUMS = ["zeek-ip4-bad-chksum.pcap", "zeek-ip4-udp-bad-chksum.pcap",
              "zeek-ip4-icmp-bad-chksum.pcap", "zeek-ip4-udp-good-chksum.pcap",
              "tcpdump-ntp.pcap"]
_FRAGS = ["tcpdump-afs.pcap", "zeek-fragmented-4.pcap", "suricata-ipv4frags.pcap"]
_ICMP = ["suricata-icmpv4-ping.pcap", "tcpdump-icmp-rfc8335.pcap", "ndpi-icmp-tunnel.pcap",
         "zeek-ip4-icmp-bad-chksum.pcap"]

#: config stem -> (handlers read at exit, input captures)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "checksums": (["ipsum.drops", "tcpsum.count", "ubad.count", "fixok.count", "udpok.count",
                   "long.count", "cl.length"],
                  [CRAFTED] + _MALFORMED + _CHECKSUMS + _FRAGS),
    "random": (["in0.count", "rs.drops", "rs.config", "in1.count", "rd.drops", "rd.drop_prob",
                "rd.sampling_prob", "w0.count", "w1.count", "w2.count", "p0.count", "p1.count",
                "s1.count"],
               [CRAFTED, "tcpreplay-test.pcap", "ndpi-gnutella.pcap", "tcpdump-afs.pcap",
                "suricata-decode-arp.pcap"]),
    "pull": (["ok.count", "notsampled.count", "rs.drops", "long.count", "rs.active"],
             [CRAFTED, "tcpreplay-test.pcap", "tcpdump-afs.pcap"]),
    "misc": (["ac.count", "ac.byte_count", "notecho.count", "enc.src", "enc.dst"],
             [CRAFTED] + _ICMP + ["tcpreplay-test.pcap"]),
    "ping": (["s.count", "s.src", "s.dst", "s.active"], [CRAFTED]),
    "pingpull": (["pp.count", "pq.count"], [CRAFTED]),
    "handlers": ([], [CRAFTED]),
    "arpprint": (["n.count", "ap.active"], ["suricata-decode-arp.pcap", "ndpi-gnutella.pcap"]),
    "fastudp": (["f.count", "g.count", "c.count"], [CRAFTED]),
    "schedorder": (["a.order", "c.order"], [CRAFTED]),
    "copy": ([], ["tcpdump-afs.pcap", "tcpreplay-test.pcap", "zeek-echo-connections.pcap",
                  CRAFTED]),
    "bufconv": (["c.count"], ["tcpreplay-test.pcap", "zeek-echo-connections.pcap"]),
    "ratemon": (["m.mem", "m.thresh", "m.memmax"],
                ["tcpdump-afs.pcap", "tcpreplay-test.pcap", "zeek-echo-connections.pcap"]),
    "ratemonh": ([], [CRAFTED]),
    "checkpacket": (["c.count", "a0.count", "a1.count"],
                    [CRAFTED, "tcpdump-afs.pcap", "suricata-decode-too-small.pcap",
                     "libtrace-100_sll.pcap"]),
    "rrunqueue": (["u.packets", "c0.count", "c1.count", "c2.count", "v.packets", "d.count"],
                  [CRAFTED, "tcpdump-afs.pcap", "libtrace-100_sll.pcap"]),
    # not crafted.pcap: Click aborts on one of its packets (status -6)
    "forceip": (["bad.count"], ["tcpdump-afs.pcap", "suricata-decode-too-small.pcap",
                                "tcpreplay-test.pcap"]),
    "link": (["c.count", "c2.count", "lu.size", "lu.latency", "lu.bandwidth", "ds.delay",
              "b.thresh", "b0.count", "b1.count"],
             [CRAFTED, "tcpreplay-test.pcap", "tcpdump-afs.pcap"]),
}


def digest(path: Path) -> str:
    """sha256 of an output file; in a pcap, the timestamps of generated packets (stamped by
    SetTimestamp(), ICMPPingResponder, ICMPPingSource) are zeroed, and in a text file
    (ToIPSummaryDump) the header's date line (tests/elemharness.py output_digest)."""
    return output_digest(path, text_headers=True)


def stderr_lines(text: str) -> list[str]:
    """Non-empty standard error lines (trailing spaces removed) without Click's Packet
    messages (tests/ipelements/cases.py); a landmark's path to this directory's configs/ is
    cut to ``configs/`` (the checkout's location must not matter: the recordings were made in
    /work/main, CI clones elsewhere)."""
    return [_CONFIGS_PATH.sub("configs/", line) for line in _ip_stderr_lines(text)]


_CONFIGS_PATH = re.compile(r"(?:\S*/)?tests/moreelements/configs/")
