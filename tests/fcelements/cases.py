"""The cases of the FastClick classes' tests (issue 19, FastClick's measurement elements):
our configurations in configs/ run on crafted.pcap, with what FastClick's userlevel driver
produced (expected/NAME/STEM.json, recorded by tests/elemharness.py with ``FASTCLICK`` set,
the command in each file; docs/more-elements.md names the FastClick commit and its configure
options)."""

from __future__ import annotations

import hashlib
import re
import struct
from pathlib import Path

from tests.elemharness import output_digest
from tests.pktlib import read_pcap

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"

#: The oracle these cases were recorded with (tests/oracle.py).
ORACLE = "FASTCLICK"

#: The input written by crafted.write_crafted rather than read from ../shared/pcaps.
CRAFTED = "crafted.pcap"

#: RSSHashSwitch's inputs: the crafted frames and captures with many flows and ARP
#: (../shared/pcaps); none with later IPv4 fragments, whose ports FastClick's IPFlowID leaves
#: uninitialized, so that FastClick's hash of them varies (docs/more-elements.md, "Checked
#: against FastClick").
_RSS_INPUTS = [CRAFTED, "tcpreplay-test.pcap", "suricata-decode-arp.pcap",
               "libtrace-100_packets.pcap", "ndpi-gnutella.pcap"]

#: Cases recorded with FastClick built with DPDK (RSSHashSwitch requires it;
#: docs/more-elements.md, "Checked against FastClick").
DPDK_CASES = ["rsshashswitch", "rsshashswitch_max"]

#: config stem -> (handlers read at exit, runs)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "numberpacket": (["n0.count", "n1.count", "n2.count", "short.count"], [CRAFTED]),
    "recordtimestamp": (["c0.count", "c1.count", "td.index", "np.count", "d0.count",
                         "d1.count", "td2.index"], [CRAFTED]),
    "replayunqueue": (["r.stop", "r.loaded", "r.active", "r.timing"], [CRAFTED]),
    "replaymerge": (["r.stop", "r.loaded"], [CRAFTED]),
    "replaylimit": (["r.stop"], [CRAFTED]),
    "replaypull": (["r.stop", "r.active"], [CRAFTED]),
    "multireplayunqueue": (["r.stop", "r.active"], [CRAFTED]),
    "averagecounter": (["a.count", "a.byte_count", "a.bit_count", "a.link_count",
                        "b.count", "b.byte_count", "b.bit_count", "b.link_count"], [CRAFTED]),
    "exactcpuswitch": (["c0.count", "c1.count"], [CRAFTED]),
    "multireplay": (["r.stop", "r.active"], [CRAFTED]),
    "fastudpflows_seq": (["f.count", "f.stop", "f.length", "f.limit"], [CRAFTED]),
    "fastudpflows_random": (["f.count"], [CRAFTED]),
    "fastudpflows_push": (["f.count", "c.count", "f.length"], [CRAFTED]),
    "fastudpflows_handlers": (["f.count", "f.length", "f.limit"], [CRAFTED]),
    "rsshashswitch": ([], _RSS_INPUTS),
    "rsshashswitch_max": ([], _RSS_INPUTS),
    "threads": (["c0.count", "c1.count", "c2.count", "a.count", "a.byte_count",
                 "a.link_count", "b.count", "b.byte_count", "b.link_count"],
                [CRAFTED + " -j 2"]),
}

#: The cases run on two threads, also built with ThreadSanitizer (test_threads.py).
THREADED = ["threads"]

#: The optimization levels every case is also built at (besides -O1 plain and sanitized).
LEVELS = ["-O0", "-O2"]


#: Outputs of FastUDPFlows: FastClick leaves the data after the UDP header uninitialized
#: (its Packet::make does not clear the buffer), so only the headers are compared there.
UDPFLOWS = "udpflows"
#: Ethernet, IPv4 and UDP headers of a FastUDPFlows packet, in bytes.
UDPFLOWS_HEADERS = 14 + 20 + 8


def digest(path: Path) -> str:
    """sha256 of an output file; in a pcap, the timestamps of packets the router made
    (sources' "now") are zeroed (tests/elemharness.py output_digest).  For a FastUDPFlows
    output (its name starts with :data:`UDPFLOWS`), the sha256 of each packet's length and
    first :data:`UDPFLOWS_HEADERS` bytes, timestamps left out (the configurations there
    turn the UDP checksum off, which would cover the uninitialized bytes)."""
    if not path.name.startswith(UDPFLOWS):
        return output_digest(path)
    h = hashlib.sha256()
    for _, _, data in read_pcap(path)[1]:
        h.update(struct.pack("<I", len(data)) + data[:UDPFLOWS_HEADERS])
    return h.hexdigest()


def stderr_lines(text: str) -> list[str]:
    """Non-empty standard error lines, trailing spaces removed, with a path to this
    directory's configs/ cut to ``configs/``."""
    return [_CONFIGS_PATH.sub("configs/", line.rstrip()) for line in text.splitlines()
            if line.strip()]


_CONFIGS_PATH = re.compile(r"(?:\S*/)?tests/fcelements/configs/")
