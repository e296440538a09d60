"""The example runs of test_examples.py and record_examples.py: each run is one example with
its parameters; IN is a capture from ../shared/pcaps or the WAN output of an earlier run.
Outputs are compared by digest with the stamps of packets the router generated (ICMP errors,
stamped with the current time) zeroed; ESP captures are not compared (their IVs are random)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from .common import read_pcap

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GNUTELLA = "ndpi-gnutella.pcap"

#: gateway B of the vpn.click pair: A's networks swapped
PEER_B = {"LAN_NET": "0.0.0.0/1", "REMOTE_NET": "10.0.2.0/24", "WAN_IP": "203.0.113.1",
          "PEER": "198.51.100.1", "WAN_SRC": "525400123510", "LAN_IP": "10.200.0.1"}
SPLIT_B = {**{k: v for k, v in PEER_B.items() if k != "REMOTE_NET"},
           "REMOTE_NET0": "10.0.2.0/25", "REMOTE_NET1": "10.0.2.128/25"}
#: vpn.click as the overlay node's next hop C (vpn-pipeline.click's outgoing SA)
PEER_C = {"WAN_IP": "192.0.2.1", "PEER": "203.0.113.1", "SPI": "8193",
          "ENC_KEY": "NextHopDESkey123", "AUTH_KEY": "NextHopAuthKey45",
          "LAN_NET": "0.0.0.0/1", "REMOTE_NET": "10.0.2.0/24", "WAN_SRC": "5254001235fe",
          "LAN_IP": "10.200.0.1"}

#: name -> (example, parameters, input (capture name or "@run"), outputs compared)
RUNS: dict[str, tuple[str, dict[str, str], str, list[str]]] = {
    "vpn-a": ("vpn.click", {}, GNUTELLA, ["OUT_LAN"]),
    "vpn-b": ("vpn.click", PEER_B, "@vpn-a", ["OUT_LAN"]),
    "split-a": ("vpn-flowsplit.click", {}, GNUTELLA, ["OUT_LAN"]),
    "split-b": ("vpn-flowsplit.click", SPLIT_B, "@split-a", ["OUT_LAN"]),
    "pipeline": ("vpn-pipeline.click", {}, "@vpn-a", []),
    "pipeline-c": ("vpn.click", PEER_C, "@pipeline", ["OUT_LAN"]),
    "dual-1": ("dualpath.click", {"PLAIN": "99", "VPN": "1"}, GNUTELLA, []),
    "dual-2": ("dualpath.click", {"PLAIN": "50", "VPN": "50"}, GNUTELLA, []),
    "dual-3": ("dualpath.click", {"PLAIN": "1", "VPN": "99"}, GNUTELLA, []),
}

#: the output an "@run" input reads
WAN_OUTPUT = {"vpn.click": "OUT_WAN", "vpn-flowsplit.click": "OUT_WAN",
              "vpn-pipeline.click": "OUT", "dualpath.click": "OUT"}
OUTPUTS = {"vpn.click": ["OUT_LAN", "OUT_WAN"], "vpn-flowsplit.click": ["OUT_LAN", "OUT_WAN"],
           "vpn-pipeline.click": ["OUT"], "dualpath.click": ["OUT"]}

GENERATED = 1767225600  # stamps at or after 2026-01-01 come from the router's clock


def stable_digest(path: Path, ordered: bool = True) -> str:
    """sha256 over the packets of a pcap with generated packets' stamps zeroed; with
    ``ordered`` False over the packets sorted (the same packets in any order)."""
    _, pk = read_pcap(path)
    items = []
    for sec, ns, data in pk:
        if sec >= GENERATED:
            sec, ns = 0, 0
        items.append(f"{sec}.{ns}:{len(data)}:".encode() + data)
    h = hashlib.sha256()
    for it in (items if ordered else sorted(items)):
        h.update(it)
    return h.hexdigest()
