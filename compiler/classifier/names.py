"""Name databases used by IPClassifier and IPFilter (Click's NameInfo types).

The tables are the ones Click's userlevel driver installs (elements/ip/ipnameinfo.cc,
elements/ip/ipfilter.cc): IP protocol names, well-known TCP/UDP ports, ICMP type names, TCP
flag names and IPFilter's own keywords.  Like Click's userlevel driver, ``/etc/protocols`` and
``/etc/services`` are consulted too (Click's ServicesNameDB), before the built-in tables.
"""

from __future__ import annotations

import functools
import os

# IP protocol, ICMP type and port names: the one copy of Click's IPNameInfo tables.
from ..args.names import ICMP_TYPES, IP_PROTOS
from ..args.names import PORTS as KNOWN_PORTS
from .numbers import parse_int

# IPFilter keyword types (values of Click's IPFilter::TYPE_* and FIELD_* enums).
TYPE_NONE = 0
TYPE_TYPE = 1
TYPE_SYNTAX = 2
TYPE_INT = 3
TYPE_HOST = 10
TYPE_PROTO = 11
TYPE_IPFRAG = 12
TYPE_PORT = 13
TYPE_TCPOPT = 14
TYPE_ETHER = 15
TYPE_NET = 30
TYPE_IPUNFRAG = 31
TYPE_IPECT = 32
TYPE_IPCE = 33
TYPE_FIELD = 0x40000000
FIELD_PROTO_SHIFT = 21
FIELD_PROTO_MASK = 0x1FF << FIELD_PROTO_SHIFT
FIELD_OFFSET_SHIFT = 5
FIELD_OFFSET_MASK = 0xFFFF << FIELD_OFFSET_SHIFT
FIELD_LENGTH_MASK = 0x1F

IP_PROTO_ICMP = 1
IP_PROTO_IGMP = 2
IP_PROTO_IPIP = 4
IP_PROTO_TCP = 6
IP_PROTO_UDP = 17
IP_PROTO_DCCP = 33
IP_PROTO_GRE = 47
IP_PROTO_SCTP = 132
IP_PROTO_TCP_OR_UDP = 256
IP_PROTO_NONE = 257
IP_PROTO_TRANSP = 258
IP_PROTO_PAYLOAD = 259


def field(offset_bits: int, nbits: int, proto: int = 0) -> int:
    """Encode a header field as Click's IPFilter FIELD_* values do."""
    return (TYPE_FIELD | (proto << FIELD_PROTO_SHIFT) | (offset_bits << FIELD_OFFSET_SHIFT)
            | (nbits - 1))


FIELD_IPLEN = field(16, 16)
FIELD_ID = field(32, 16)
FIELD_VERSION = field(0, 4)
FIELD_HL = field(4, 4)
FIELD_TOS = field(8, 8)
FIELD_DSCP = field(8, 6)
FIELD_TTL = field(64, 8)
FIELD_TCP_WIN = field(112, 16, IP_PROTO_TCP)
FIELD_ICMP_TYPE = field(0, 8, IP_PROTO_ICMP)

#: IPFilter's own words (Click's T_IPFILTER_TYPE database).
IPFILTER_TYPES: dict[str, int] = {
    "ce": TYPE_IPCE, "dest": TYPE_SYNTAX, "dscp": FIELD_DSCP, "dst": TYPE_SYNTAX,
    "ect": TYPE_IPECT, "ether": TYPE_SYNTAX, "frag": TYPE_IPFRAG, "hl": FIELD_HL,
    "host": TYPE_HOST, "id": FIELD_ID, "ip": TYPE_SYNTAX, "len": FIELD_IPLEN, "net": TYPE_NET,
    "not": TYPE_SYNTAX, "opt": TYPE_TCPOPT, "port": TYPE_PORT, "proto": TYPE_PROTO,
    "src": TYPE_SYNTAX, "tos": FIELD_TOS, "ttl": FIELD_TTL, "type": FIELD_ICMP_TYPE,
    "unfrag": TYPE_IPUNFRAG, "vers": FIELD_VERSION, "win": FIELD_TCP_WIN,
}

TCP_OPTS: dict[str, int] = {"ack": 0x10, "fin": 0x01, "psh": 0x08, "rst": 0x04, "syn": 0x02,
                            "urg": 0x20}


def _is_int_word(word: str) -> bool:
    return parse_int(word, signed=True) is not None


@functools.lru_cache(maxsize=1)
def _system_dbs() -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(protocols, tcp ports, udp ports) from /etc/protocols and /etc/services, as Click's
    ServicesNameDB reads them; empty when the files are absent."""
    protos: dict[str, int] = {}
    tcp: dict[str, int] = {}
    udp: dict[str, int] = {}

    def lines(path: str) -> list[list[str]]:
        try:
            with open(path, encoding="latin-1") as f:
                text = f.read()
        except OSError:
            return []
        return [ln.split("#", 1)[0].split() for ln in text.splitlines()]

    for words in lines(os.environ.get("CLICKC_PROTOCOLS", "/etc/protocols")):
        if len(words) >= 2 and words[1].isdigit() and int(words[1]) < 256:
            for name in [words[0], *words[2:]]:
                protos.setdefault(name, int(words[1]))
    for words in lines(os.environ.get("CLICKC_SERVICES", "/etc/services")):
        if len(words) < 2 or "/" not in words[1]:
            continue
        num, _, proto = words[1].partition("/")
        if not num.isdigit() or int(num) >= 65536:
            continue
        db = tcp if proto == "tcp" else udp if proto == "udp" else None
        if db is None:
            continue
        for name in [words[0], *words[2:]]:
            db.setdefault(name, int(num))
    return protos, tcp, udp


def query(db: str, word: str) -> int | None:
    """Look ``word`` up in one of Click's NameInfo databases: "ipfilter_type", "ip_proto",
    "tcp_port", "udp_port", "tcp_opt" or "icmp_type".  Returns the value or None."""
    if db == "ipfilter_type":
        return IPFILTER_TYPES.get(word)
    if db == "tcp_opt":
        return TCP_OPTS.get(word)
    if db == "icmp_type":
        return ICMP_TYPES.get(word)
    sysdb = _system_dbs()
    if db == "ip_proto":
        if not _is_int_word(word) and word in sysdb[0]:
            return sysdb[0][word]
        return IP_PROTOS.get(word)
    if db in ("tcp_port", "udp_port"):
        table = sysdb[1] if db == "tcp_port" else sysdb[2]
        if not _is_int_word(word) and word in table:
            return table[word]
        return KNOWN_PORTS.get(word)
    raise ValueError(f"unknown name database {db!r}")
