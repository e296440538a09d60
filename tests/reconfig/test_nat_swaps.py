"""A NAT router fed a real capture, reconfigured while it forwards (docs/reconfiguration.md):
adding a route, changing a Queue's capacity, adding a Counter.  Every packet read is forwarded,
held (a Queue, an ARPQuerier waiting for a reply that never comes) or counted as a drop with
its reason, no flow's mapped address and port changes, the ARP table's entries stay, and the
counters of kept elements never go back."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from .hotlib import ROOT, HotRouter, mappings

PCAP = ROOT.parent / "shared" / "pcaps" / "ndpi-gnutella.pcap"
NPACKETS = 3905

NAT = """\
src :: FromDump({pcap}, STOP false) -> ru :: RatedUnqueue(RATE 150)
  -> eth :: Classifier(12/0800, -)
  -> strip :: Strip(14)
  -> chk :: CheckIPHeader
  -> from_inside :: IPClassifier((src net 10.0.0.0/8 or src net 172.16.0.0/12
                                  or src net 192.168.0.0/16) and (tcp or udp), -);
eth[1] -> nonip :: Counter -> Discard;
from_inside[1] -> other :: Counter -> Discard;
from_inside[0] -> inside_in :: Counter
  -> rw :: IPRewriter(pattern 198.51.100.1 1024-65535 - - 0 1);
rw[0] -> rt :: StaticIPLookup({routes}) -> q :: Queue({capacity}) -> u :: Unqueue
  -> {extra}gw :: GetIPAddress(16) -> arpq :: ARPQuerier(198.51.100.1, 02:00:00:00:00:01)
  -> out :: Counter -> Discard;
Idle -> [1] arpq;
rt[1] -> lan :: Counter -> Discard;
rw[1] -> back :: Counter -> Discard;
"""

SINKS = ("nonip", "other", "out", "lan", "back")
KEPT = ("src", "inside_in", "nonip", "other", "out")


def nat(routes: str = "0.0.0.0/0 0", capacity: int = 200, extra: str = "") -> str:
    return NAT.format(pcap=PCAP, routes=routes, capacity=capacity, extra=extra)


def arp_ips(table: str) -> set[str]:
    """The addresses of an ARPQuerier's ``table`` (one entry per line, the address first)."""
    return {line.split()[0] for line in table.splitlines() if line.strip()}


@pytest.mark.parametrize("threads", ["1", "2"])
def test_nat_swaps_keep_flows_and_account_for_every_packet(tmp_path: Path, threads: str) -> None:
    stats = tmp_path / "stats.json"
    versions = [nat(routes="0.0.0.0/0 0, 10.0.0.0/8 1"),          # a route
                nat(routes="0.0.0.0/0 0, 10.0.0.0/8 1", capacity=64),   # a Queue's capacity
                nat(routes="0.0.0.0/0 0, 10.0.0.0/8 1", capacity=64,    # a Counter
                    extra="added :: Counter -> ")]
    with HotRouter(tmp_path, nat(), "-O0", "-j", threads, f"--stats={stats}") as r:
        assert r.control is not None
        ctl = r.control
        time.sleep(0.5)
        last = {k: 0 for k in KEPT}
        seen: dict[str, str] = {}
        played = []
        arp_before: set[str] = set()
        last_queries = 0
        for text in versions:
            before = mappings(ctl.read("rw.tcp_table") + ctl.read("rw.udp_table"))
            code, lines = ctl.hotconfig(text)
            assert code == 200, lines
            after = mappings(ctl.read("rw.tcp_table") + ctl.read("rw.udp_table"))
            for flow, mapped in before.items():   # no flow changes its mapped port
                assert after.get(flow, mapped) == mapped, flow
            for flow, mapped in after.items():
                assert seen.setdefault(flow, mapped) == mapped, flow
            assert len(after) >= len(before) > 0
            assert arp_ips(ctl.read("arpq.table")) >= arp_before
            arp_before = arp_ips(ctl.read("arpq.table"))
            assert int(ctl.read("arpq.queries")) >= last_queries
            last_queries = int(ctl.read("arpq.queries"))
            for k in KEPT:                        # kept counters never go back
                v = int(ctl.read(f"{k}.count"))
                assert v >= last[k], k
                last[k] = v
            played.append(last["src"])
        assert played[1] < NPACKETS   # (at least) two swaps came while the capture played
        assert ctl.read("q.capacity") == "64"
        while int(ctl.read("src.count")) < NPACKETS:
            time.sleep(0.1)
        time.sleep(0.2)
        # the elements' own counts (kept across swaps; --stats port counts start at each swap)
        read = int(ctl.read("src.count"))
        sunk = sum(int(ctl.read(f"{k}.count")) for k in SINKS) - int(ctl.read("arpq.queries"))
        held = int(ctl.read("arpq.length")) + int(ctl.read("q.length"))
        added = int(ctl.read("added.count"))
        status, _, err = r.stop()
    assert status == 0, err
    report = json.loads(stats.read_text())
    elements = {e["name"]: e for e in report["elements"]}
    drops = {f"{name}: {why}": n for name, e in elements.items()
             for why, n in e["drop_reasons"].items()}
    assert sum(elements[k]["drops"] for k in elements) == sum(drops.values())
    # every packet read was forwarded or counted as a drop with its reason
    assert read == NPACKETS
    assert sunk + held + sum(drops.values()) == NPACKETS, (sunk, held, drops)
    assert arp_before and elements["arpq"]["drops"] >= 0
    if played[2] < NPACKETS:      # the last swap came while the capture played
        assert added > 0
