"""Where the IP header is on a push path, and which flow key a HashSwitch can use there.

``flow_key(graph, connection)`` walks upstream from a connection through elements whose effect
on the packet data is known, until an element that fixes where the IP header starts
(CheckIPHeader/CheckIPHeader2/MarkIPHeader(OFFSET), or an encapsulation that writes a new IP
header at the front), adjusting for Strip/Unstrip/EtherEncap on the way.  Along the way it
notes whether the packets are known to be TCP or UDP (CheckTCPHeader/CheckUDPHeader, or an
IPClassifier/IPFilter output whose pattern only admits tcp or udp).

The key is then, as HashSwitch(OFFSET, LENGTH) hashes LENGTH contiguous bytes:

* on IPsec traffic, the ESP header's SPI (its first 4 bytes), where the walk meets the
  IPsecESPEncap that put the header there, or the StripIPHeader in front of which an
  IPClassifier/IPFilter admitted only ESP (protocol 50): one security association always
  takes one replica, so its sequence numbers leave in order (a receiver's replay window would
  drop packets of one SA reordered across replicas) and the replay check after decryption
  sees them in order;
* the 5-tuple's addresses and ports -- bytes 12..24 of a 20-byte IP header (source address,
  destination address, source port, destination port) -- when TCP/UDP is known;
* the destination address -- bytes 16..20 of the IP header -- otherwise (SMP Click Fig. 3).

Ciphers (IPsecDES, IPsecDES3, IPsecAES) and IPsecAuthHMACSHA1 leave the headers where they
are, but bytes behind the ESP header are ciphertext on one side of them, so no IP-header key is
taken across them (the SPI stays in clear).

Limits: a packet with IP options has its ports further on, so with the 5-tuple key such a
packet hashes on option bytes (still the same replica for every packet of a flow whose
options do not change); fragments after the first hash on payload bytes under the 5-tuple key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from clickc.args.lexing import cp_argvec
from clickc.ir import Connection, RouterGraph

#: Classes that do not move the packet data (headers stay where they were).
DATA_NEUTRAL = frozenset({
    "Paint", "CheckPaint", "PaintTee", "Counter", "GetIPAddress", "SetIPAddress",
    "StoreIPAddress", "DecIPTTL", "SetIPDSCP", "DropBroadcasts", "Print", "IPPrint", "Null",
    "FixIPSrc", "IPGWOptions", "Classifier", "IPClassifier", "IPFilter", "StaticIPLookup",
    "LinearIPLookup", "RadixIPLookup", "DirectIPLookup", "HashSwitch", "Tee", "Switch",
    "RoundRobinSwitch", "StrideSwitch", "CheckTCPHeader", "CheckUDPHeader", "CheckICMPHeader",
    "Suppressor", "HostEtherFilter", "RED", "Queue", "SimpleQueue", "FrontDropQueue",
    "Unqueue", "Align", "IPFragmenter", "RadixIPsecLookup",
})

#: IPsec classes that keep every header in place but make the bytes behind the ESP header
#: ciphertext on one side (or append/strip an authenticator at the end).
CIPHERS = frozenset({"IPsecDES", "IPsecDES3", "IPsecAES", "IPsecAuthHMACSHA1"})

#: Size of Click's ESP header (SPI, sequence number, 8-byte IV): elements/ipsec/esp.hh.
ESP_HEADER = 16

#: Classes after which the IP header is at OFFSET (their OFFSET argument, default 0).
IP_MARKERS = frozenset({"CheckIPHeader", "CheckIPHeader2", "MarkIPHeader"})

#: Classes that put a new IP header at the front of the packet (ICMPError makes a new packet
#: whose IP header is at the front).
IP_ENCAPS = frozenset({"IPEncap", "UDPIPEncap", "IPsecEncap", "ICMPError"})

_TCP_UDP_WORDS = {"tcp", "udp", "or", "ip", "proto", "6", "17", "(", ")"}
_ESP_WORDS = {"ip", "proto", "50", "esp", "(", ")"}


@dataclass(frozen=True)
class FlowKey:
    """HashSwitch's OFFSET and LENGTH, and what they cover (``"5-tuple"``, ``"dst"`` or
    ``"spi"``)."""

    offset: int
    length: int
    what: str


def _int_arg(e: Any, name: str, default: int) -> int | None:
    if e.args is not None and name in e.args and e.args[name] is not None:
        v = e.args[name]
        return int(v) if isinstance(v, int) else None
    parts = cp_argvec(e.config)
    if not parts or not parts[0].strip():
        return default
    try:
        return int(parts[0].strip(), 0)
    except ValueError:
        return None


def _rule_is_tcp_udp(rule: str) -> bool:
    words = re.findall(r"[A-Za-z0-9]+|[()]", rule.lower())
    return bool(words) and set(words) <= _TCP_UDP_WORDS and bool({"tcp", "udp"} & set(words))


def _rule_is_esp(rule: str) -> bool:
    words = set(re.findall(r"[A-Za-z0-9]+|[()]", rule.lower()))
    return bool(words) and words <= _ESP_WORDS and bool({"50", "esp"} & words)


def _esp_admitted(graph: RouterGraph, x: str, max_steps: int) -> bool:
    """Whether, upstream of ``x`` (through data-neutral elements), an IPClassifier/IPFilter
    output admits only ESP."""
    for _ in range(max_steps):
        ins = graph.inputs(x)
        if len(ins) != 1:
            return False
        src, port = ins[0].src, ins[0].sport
        e = graph.element(src)
        if e.class_name in ("IPClassifier", "IPFilter"):
            rules = cp_argvec(e.config)
            return port < len(rules) and _rule_is_esp(rules[port])
        if e.class_name not in DATA_NEUTRAL and e.class_name not in IP_MARKERS:
            return False
        x = src
    return False


def flow_key(graph: RouterGraph, conn: Connection, max_steps: int = 256,
             esp: bool = False) -> FlowKey | None:
    """The HashSwitch key for packets on connection ``conn`` (see the module docstring), or
    None when the IP header's position is not known there.  ``esp``: the packets are known to
    be ESP behind a 20-byte outer IP header (the caller replicates a cipher that reads them),
    so where only the outer header's position is known the key is the SPI right after it
    (Click's ipsec-router strips the outer header with Strip(20) before IPsecDES(0)).

    Where paths merge (an element with several inputs), every input must give the same key;
    an input that leads back to where the walk has been (a loop through the route table)
    adds nothing."""
    keys = _walk(graph, conn.src, conn.sport, 0, False, False, esp, set(), max_steps)
    if keys is None or len(keys) != 1:
        return None
    return next(iter(keys))


def _walk(graph: RouterGraph, x: str, port: int, delta: int, transport: bool, opaque: bool,
          esp: bool, seen: set[str], budget: int) -> set[FlowKey] | None:
    """The keys the packets leaving output ``port`` of ``x`` can have (None: unknown on some
    path; empty: only loops back)."""
    for _ in range(budget):
        if x in seen:
            return set()
        seen = seen | {x}
        e = graph.element(x)
        cls = e.class_name
        if cls == "IPsecESPEncap":
            return {FlowKey(delta, 4, "spi")}
        if cls == "StripIPHeader" and _esp_admitted(graph, x, budget):
            return {FlowKey(delta, 4, "spi")}
        if cls in CIPHERS:
            opaque = True
        if cls in ("CheckTCPHeader", "CheckUDPHeader"):
            transport = True
        if cls in ("IPClassifier", "IPFilter"):
            rules = cp_argvec(e.config)
            if port < len(rules) and _rule_is_tcp_udp(rules[port]):
                transport = True
        if cls in IP_MARKERS:
            off = _int_arg(e, "OFFSET", 0)
            if off is None:
                return None
            if esp and off + delta + 20 >= 0:
                return {FlowKey(off + delta + 20, 4, "spi")}
            k = None if opaque else _key(off + delta, transport)
            return None if k is None else {k}
        if cls in IP_ENCAPS:
            if esp and delta + 20 >= 0:
                return {FlowKey(delta + 20, 4, "spi")}
            k = None if opaque else _key(delta, False)   # a new header: the tunnel's addresses
            return None if k is None else {k}
        if cls == "Strip":
            n = _int_arg(e, "LENGTH", 0)
            if n is None:
                return None
            delta -= n
        elif cls == "Unstrip":
            n = _int_arg(e, "LENGTH", 0)
            if n is None:
                return None
            delta += n
        elif cls == "EtherEncap":
            delta += 14
        elif cls == "IPsecESPUnencap":
            delta -= ESP_HEADER
        elif cls not in DATA_NEUTRAL and cls not in CIPHERS:
            return None
        ins = graph.inputs(x)
        if not ins:
            return None
        if len(ins) > 1:
            out: set[FlowKey] = set()
            for c in ins:
                r = _walk(graph, c.src, c.sport, delta, transport, opaque, esp, seen,
                          budget // 2)
                if r is None:
                    return None
                out |= r
            return out
        x, port = ins[0].src, ins[0].sport
    return None


def _key(ip_offset: int, transport: bool) -> FlowKey | None:
    if ip_offset < 0:
        return None
    if transport:
        return FlowKey(ip_offset + 12, 12, "5-tuple")
    return FlowKey(ip_offset + 16, 4, "dst")
