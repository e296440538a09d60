"""Where the IP header is on a push path, and which flow key a HashSwitch can use there.

``flow_key(graph, connection)`` walks upstream from a connection through elements whose effect
on the packet data is known (their specs' traits: ``header_delta``, ``ip_header``, ``cipher``,
``checks_transport``, ``ip_rules``), until an element that fixes where the IP header starts
(``ip_header`` ``marks``: CheckIPHeader/CheckIPHeader2/MarkIPHeader(OFFSET), or ``encap``: an
encapsulation that writes a new IP header at the front), adjusting by each element's
``header_delta`` on the way (Strip/Unstrip/EtherEncap).  Along the way it notes whether the
packets are known to be TCP or UDP (``checks_transport``: CheckTCPHeader/CheckUDPHeader, or
an ``ip_rules`` output, IPClassifier/IPFilter, whose pattern only admits tcp or udp).

The key is then, as HashSwitch(OFFSET, LENGTH) hashes LENGTH contiguous bytes:

* on IPsec traffic, the ESP header's SPI (its first 4 bytes), where the walk meets the
  IPsecESPEncap that put the header there (``ip_header`` ``esp``), or the StripIPHeader
  (``strip``) in front of which an IPClassifier/IPFilter admitted only ESP (protocol 50): one
  security association always takes one replica, so its sequence numbers leave in order (a
  receiver's replay window would drop packets of one SA reordered across replicas) and the
  replay check after decryption sees them in order;
* the 5-tuple's addresses and ports -- bytes 12..24 of a 20-byte IP header (source address,
  destination address, source port, destination port) -- when TCP/UDP is known;
* the destination address -- bytes 16..20 of the IP header -- otherwise (SMP Click Fig. 3).

Ciphers (``cipher``: IPsecDES, IPsecDES3, IPsecAES, IPsecAuthHMACSHA1) leave the headers where they
are, but bytes behind the ESP header are ciphertext on one side of them, so no IP-header key is
taken across them (the SPI stays in clear).

Limits: a packet with IP options has its ports further on, so with the 5-tuple key such a
packet hashes on option bytes (still the same replica for every packet of a flow whose
options do not change); fragments after the first hash on payload bytes under the 5-tuple key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from clickc.args.lexing import cp_argvec
from clickc.elements import registry as _registry
from clickc.elements.spec import ElementSpec, int_arg
from clickc.ir import Connection, RouterGraph


class Specs(Protocol):
    """Where the walk finds specs (``clickc.elements.registry``)."""

    def get(self, class_name: str) -> ElementSpec | None: ...


_TCP_UDP_WORDS = {"tcp", "udp", "or", "ip", "proto", "6", "17", "(", ")"}
_ESP_WORDS = {"ip", "proto", "50", "esp", "(", ")"}


@dataclass(frozen=True)
class FlowKey:
    """HashSwitch's OFFSET and LENGTH, and what they cover (``"5-tuple"``, ``"dst"`` or
    ``"spi"``)."""

    offset: int
    length: int
    what: str


def _rule_is_tcp_udp(rule: str) -> bool:
    words = re.findall(r"[A-Za-z0-9]+|[()]", rule.lower())
    return bool(words) and set(words) <= _TCP_UDP_WORDS and bool({"tcp", "udp"} & set(words))


def _rule_is_esp(rule: str) -> bool:
    words = set(re.findall(r"[A-Za-z0-9]+|[()]", rule.lower()))
    return bool(words) and words <= _ESP_WORDS and bool({"50", "esp"} & words)


def _esp_admitted(graph: RouterGraph, specs: Specs, x: str, max_steps: int) -> bool:
    """Whether, upstream of ``x`` (through data-neutral elements), an IPClassifier/IPFilter
    output admits only ESP."""
    for _ in range(max_steps):
        ins = graph.inputs(x)
        if len(ins) != 1:
            return False
        src, port = ins[0].src, ins[0].sport
        e = graph.element(src)
        spec = specs.get(e.class_name)
        if spec is None:
            return False
        if spec.ip_rules:
            rules = cp_argvec(e.config)
            return port < len(rules) and _rule_is_esp(rules[port])
        if not spec.data_neutral:
            return False
        x = src
    return False


def flow_key(graph: RouterGraph, conn: Connection, max_steps: int = 256,
             esp: bool = False, specs: Specs = _registry) -> FlowKey | None:
    """The HashSwitch key for packets on connection ``conn`` (see the module docstring), or
    None when the IP header's position is not known there.  ``esp``: the packets are known to
    be ESP behind a 20-byte outer IP header (the caller replicates a cipher that reads them),
    so where only the outer header's position is known the key is the SPI right after it
    (Click's ipsec-router strips the outer header with Strip(20) before IPsecDES(0)).

    Where paths merge (an element with several inputs), every input must give the same key;
    an input that leads back to where the walk has been (a loop through the route table)
    adds nothing.  specs: where the elements' traits come from (the element registry)."""
    keys = _walk(graph, specs, conn.src, conn.sport, 0, False, False, esp, set(), max_steps)
    if keys is None or len(keys) != 1:
        return None
    return next(iter(keys))


def _walk(graph: RouterGraph, specs: Specs, x: str, port: int, delta: int, transport: bool,
          opaque: bool, esp: bool, seen: set[str], budget: int) -> set[FlowKey] | None:
    """The keys the packets leaving output ``port`` of ``x`` can have (None: unknown on some
    path; empty: only loops back)."""
    for _ in range(budget):
        if x in seen:
            return set()
        seen = seen | {x}
        e = graph.element(x)
        spec = specs.get(e.class_name)
        if spec is None:
            return None
        if spec.ip_header == "esp":
            return {FlowKey(delta, 4, "spi")}
        if spec.ip_header == "strip" and _esp_admitted(graph, specs, x, budget):
            return {FlowKey(delta, 4, "spi")}
        if spec.cipher:
            opaque = True
        if spec.checks_transport:
            transport = True
        if spec.ip_rules:
            rules = cp_argvec(e.config)
            if port < len(rules) and _rule_is_tcp_udp(rules[port]):
                transport = True
        if spec.ip_header == "marks":
            off = int_arg(e, "OFFSET", 0)
            if off is None:
                return None
            if esp and off + delta + 20 >= 0:
                return {FlowKey(off + delta + 20, 4, "spi")}
            k = None if opaque else _key(off + delta, transport)
            return None if k is None else {k}
        if spec.ip_header == "encap":
            if esp and delta + 20 >= 0:
                return {FlowKey(delta + 20, 4, "spi")}
            k = None if opaque else _key(delta, False)   # a new header: the tunnel's addresses
            return None if k is None else {k}
        d = spec.delta(e)
        if d is None:
            return None
        delta += d
        ins = graph.inputs(x)
        if not ins:
            return None
        if len(ins) > 1:
            out: set[FlowKey] = set()
            for c in ins:
                r = _walk(graph, specs, c.src, c.sport, delta, transport, opaque, esp, seen,
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
