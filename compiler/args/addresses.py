"""Address parsers (IPv4, IPv4 prefixes, IPv6, Ethernet) and AddressInfo names.

Ports of Click's ``IPAddressArg``/``IPPrefixArg`` (lib/ipaddress.cc), ``IP6AddressArg``/
``IP6PrefixArg`` (lib/ip6address.cc), ``EtherAddressArg`` (lib/etheraddress.cc) and the name
lookups of the AddressInfo element (elements/standard/addressinfo.cc).

Each parser returns plain numbers (IPv4 addresses as uint32 in host order, i.e. ``18.26.4.9`` is
``0x121A0409``; IPv6 and Ethernet addresses as ``bytes`` in transmission order) or ``None`` when
the text does not parse; the caller wraps them in the typed values of :mod:`.values`.

AddressInfo names are scoped like Click's NameInfo: a name defined by an AddressInfo element
inside a compound element (flat name ``c/ai``) is visible to elements whose names start with
``c/``; the innermost definition wins.  Unlike Click at user level, names of the build machine's
network devices (``eth0`` without an AddressInfo) are never consulted: a compiled router must
not depend on the machine that compiled it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from .lexing import cp_shift_spacevec, cp_spacevec, is_digit, is_xdigit
from .names import IP_PROTOS
from .numbers import NumError, parse_int

_Addr = TypeVar("_Addr", int, bytes)

U32 = 0xFFFFFFFF


def prefix_mask(length: int) -> int:
    """The IPv4 mask of a prefix length 0-32, host order (24 gives 0xFFFFFF00)."""
    return (U32 << (32 - length)) & U32 if length > 0 else 0


def mask_to_prefix_len(mask: int) -> int:
    """Prefix length of a contiguous IPv4 mask (host order), or -1 (Click's
    ``IPAddress::mask_to_prefix_len``)."""
    inv = (~mask) & U32
    if inv & (inv + 1):
        return -1
    return 32 - inv.bit_length()


def ip6_prefix_bytes(length: int) -> bytes:
    """The 16-byte IPv6 mask of a prefix length 0-128."""
    v = ((1 << 128) - 1) ^ ((1 << (128 - length)) - 1)
    return v.to_bytes(16, "big")


def ip6_mask_to_prefix_len(mask: bytes) -> int:
    """Prefix length of a contiguous 16-byte IPv6 mask, or -1."""
    v = int.from_bytes(mask, "big")
    inv = v ^ ((1 << 128) - 1)
    if inv & (inv + 1):
        return -1
    return 128 - inv.bit_length()


# -- AddressInfo names -------------------------------------------------------------------------

@dataclass
class NameEntry:
    """What one AddressInfo name stands for, per kind (None = not defined for that kind).

    ip: IPv4 address (host-order uint32).  ip_prefix: (address, mask).  ether: 6 bytes.
    ip6: 16 bytes.  ip6_prefix: (16 bytes, prefix length).  tcp_port, udp_port: a port number
    named by a PortInfo element (Click's NameInfo T_TCP_PORT/T_UDP_PORT).  anno: (offset, size)
    of an annotation named by an AnnotationInfo element (size 0: unknown).
    """

    ip: int | None = None
    ip_prefix: tuple[int, int] | None = None
    ether: bytes | None = None
    ip6: bytes | None = None
    ip6_prefix: tuple[bytes, int] | None = None
    tcp_port: int | None = None
    udp_port: int | None = None
    anno: tuple[int, int] | None = None


@dataclass
class AddressInfoDB:
    """AddressInfo definitions: ``scopes[prefix][name]`` where ``prefix`` is the compound
    prefix of the defining AddressInfo (``""`` at top level, ``"c/"`` inside compound ``c``).
    read: the names of the AddressInfo elements whose configurations were read into it (and
    their errors reported) by ``clickc.args.collect_addressinfo``; flow_codes: the flow codes
    FlowInfo elements give other elements."""

    scopes: dict[str, dict[str, NameEntry]] = field(default_factory=dict)
    read: set[str] = field(default_factory=set)
    #: FlowInfo's overrides: flat element name -> flow code (Click's Router flow code override).
    flow_codes: dict[str, str] = field(default_factory=dict)

    def define(self, scope_of: str, name: str, kind: str, value: object) -> None:
        """Define ``name`` for ``kind`` (a NameEntry field) in the scope of element ``scope_of``."""
        entry = self.scopes.setdefault(_scope(scope_of), {}).setdefault(name, NameEntry())
        setattr(entry, kind, value)

    def lookup(self, context: str, name: str, kind: str) -> object | None:
        """The innermost definition of ``name`` for ``kind`` visible from element ``context``."""
        prefix = _scope(context)
        while True:
            entry = self.scopes.get(prefix, {}).get(name)
            if entry is not None:
                found: object | None = getattr(entry, kind)
                if found is not None:
                    return found
            if not prefix:
                return None
            slash = prefix.rfind("/", 0, len(prefix) - 1)
            prefix = prefix[:slash + 1] if slash >= 0 else ""

    def names(self) -> dict[str, NameEntry]:
        """All names of every scope, flattened (inner scopes override outer ones)."""
        out: dict[str, NameEntry] = {}
        for prefix in sorted(self.scopes, key=len):
            out.update({prefix + k: v for k, v in self.scopes[prefix].items()})
        return out


def _scope(element_name: str) -> str:
    slash = element_name.rfind("/")
    return element_name[:slash + 1] if slash >= 0 else ""


@dataclass
class NameContext:
    """Where a name is looked up: the AddressInfo database and the element doing the lookup."""

    db: AddressInfoDB | None
    element: str = ""

    def get(self, name: str, kind: str) -> object | None:
        if self.db is None:
            return None
        return self.db.lookup(self.element, name, kind)


def _split_suffix(s: str) -> tuple[str, str | None]:
    colon = s.rfind(":")
    if colon < 0:
        return s, None
    return s[:colon], s[colon:].lower()


def query_ip(s: str, nc: NameContext) -> int | None:
    """AddressInfo::query_ip: ``name``, ``name:ip``/``name:ip4``, ``name:bcast`` (the prefix's
    broadcast address), ``name:gw`` (a name defined as ``x:gw``, else the prefix's first host)."""
    name, suffix = _split_suffix(s)
    if suffix is not None:
        if suffix in (":ip", ":ip4"):
            pass
        elif suffix == ":bcast":
            p = query_ip_prefix(name, nc)
            if p is None:
                return None
            return (p[0] | (~p[1] & U32)) & U32
        elif suffix == ":gw":
            v = nc.get(s, "ip")
            if isinstance(v, int):
                return v
            net = query_ip_prefix(name, nc)
            if net is None:
                return None
            return (net[0] & net[1]) | 1
        else:
            return None
    v = nc.get(name, "ip")
    return v if isinstance(v, int) else None


def query_ip_prefix(s: str, nc: NameContext) -> tuple[int, int] | None:
    """AddressInfo::query_ip_prefix: ``name``, ``name:net``/``:ipnet``/``:ip4net``."""
    name, suffix = _split_suffix(s)
    if suffix is not None and suffix not in (":net", ":ipnet", ":ip4net"):
        return None
    v = nc.get(name, "ip_prefix")
    if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], int) and isinstance(v[1], int):
        return v[0], v[1]
    return None


def query_ether(s: str, nc: NameContext) -> bytes | None:
    """AddressInfo::query_ethernet: ``name``, ``name:eth``/``:ether``/``:ethernet``."""
    name, suffix = _split_suffix(s)
    if suffix is not None and suffix not in (":eth", ":ether", ":ethernet"):
        return None
    v = nc.get(name, "ether")
    return v if isinstance(v, bytes) else None


def query_ip6(s: str, nc: NameContext) -> bytes | None:
    """AddressInfo::query_ip6: ``name`` or ``name:ip6``."""
    name, suffix = _split_suffix(s)
    if suffix is not None and suffix != ":ip6":
        return None
    v = nc.get(name, "ip6")
    return v if isinstance(v, bytes) else None


def query_ip6_prefix(s: str, nc: NameContext) -> tuple[bytes, int] | None:
    """AddressInfo::query_ip6_prefix: ``name`` or ``name:ip6net``."""
    name, suffix = _split_suffix(s)
    if suffix is not None and suffix != ":ip6net":
        return None
    v = nc.get(name, "ip6_prefix")
    if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], bytes) \
            and isinstance(v[1], int):
        return v[0], v[1]
    return None


# -- IPv4 --------------------------------------------------------------------------------------

def ip_basic_parse(s: str, end: int) -> tuple[int, int, int]:
    """IPAddressArg::basic_parse over ``s[:end]``: (index after the address, value, nbytes).

    Up to four dot-separated decimal parts 0-255 (leading zeros allowed, ``010`` is 10); missing
    parts are 0 (``18.26.4`` is 18.26.4.0 with nbytes 3).
    """
    parts = [0, 0, 0, 0]
    d = 0
    i = 0
    while d < 4 and i != end and (d == 0 or s[i] == "."):
        t = i + (1 if d else 0)
        if t == end or not is_digit(s[t]):
            break
        part = ord(s[t]) - 48
        t += 1
        while t != end and is_digit(s[t]) and part <= 255:
            part = part * 10 + ord(s[t]) - 48
            t += 1
        if part > 255:
            break
        i = t
        parts[d] = part
        d += 1
    v = (parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]
    return i, v, d


def parse_ip(s: str, nc: NameContext) -> int | None:
    """IPAddressArg: dotted quad ``a.b.c.d`` (exactly four parts) or an AddressInfo name."""
    i, v, n = ip_basic_parse(s, len(s))
    if i == len(s) and n == 4:
        return v
    return query_ip(s, nc)


def _prefix_with_slash(s: str, slash: int, nc: NameContext) -> tuple[int, int] | None:
    i, addr, nbytes = ip_basic_parse(s, slash)
    if i != slash:
        named = query_ip(s[:slash], nc) if nc.db is not None else None
        if named is None:
            return None
        addr, nbytes = named, 4
    rest = s[slash + 1:]
    mask: int | None = None
    try:
        length = parse_int(rest, 32, True, 10)
        if 0 <= length <= 32:
            mask = prefix_mask(length)
    except NumError:
        pass
    if mask is None:
        mask = parse_ip(rest, nc)
        if mask is None:
            return None
    if nbytes < 4 and (mask & prefix_mask(nbytes * 8)) != mask:
        return None
    return addr, mask


def parse_ip_prefix(s: str, nc: NameContext, allow_bare_address: bool = False
                    ) -> tuple[int, int] | None:
    """IPPrefixArg: (address, mask) from ``addr/len``, ``addr/mask`` or an AddressInfo name.

    The address may leave off trailing zero parts the mask does not cover (``18.26.4/24``, but
    not ``18.26/24``); its host bits need not be zero (``18.26.4.9/24`` keeps ``.9``).  The mask
    may be any dotted quad (non-contiguous masks are accepted) or a name.  With
    ``allow_bare_address`` a plain address is a /32, and an AddressInfo name that stands for
    both an address and a prefix gives the address.
    """
    slash = s.rfind("/")
    if slash > 0 and slash + 1 != len(s):
        r = _prefix_with_slash(s, slash, nc)
        if r is not None:
            return r
    if allow_bare_address:
        a = parse_ip(s, nc)
        if a is not None:
            return a, U32
    return query_ip_prefix(s, nc)


# -- IPv6 --------------------------------------------------------------------------------------

def _ip6_basic_parse(s: str, nc: NameContext) -> tuple[int, bytes]:
    """IP6AddressArg::basic_parse: (index after the address, or 0 on failure; 16 bytes)."""
    parts = [0xFFFF] * 8
    d = 0
    p = 0
    coloncolon = -1
    end = len(s)
    i = 0
    while i != end:
        c = s[i]
        if is_xdigit(c):
            digit = int(c, 16)
        elif c == ":" and i + 1 != end and d != 7 and (p != 0 or d == 0):
            if s[i + 1] == ":" and coloncolon < 0:
                d = d + 1 if p else d
                coloncolon = d
                parts[d] = 0
                i += 1
            elif not is_xdigit(s[i + 1]) or p == 0:
                d += 1
                break
            p = 0
            d += 1
            i += 1
            continue
        else:
            break
        if p == 4:
            break
        parts[d] = ((parts[d] << 4) & 0xFFFF if p != 0 else 0) + digit
        p += 1
        i += 1
    if p == 0:
        d -= 1
    if (d == 6 or (d < 6 and coloncolon >= 0)) and i != end:
        t = i
        while t != 0 and s[t] != ":":
            t -= 1
        if t != 0:
            v4 = parse_ip(s[t + 1:], nc)
            if v4 is not None:
                dd = d + 1 if d == coloncolon else d
                parts[dd] = v4 >> 16
                parts[dd + 1] = v4 & 0xFFFF
                d = dd + 1
                i = end
    if d != 7 and coloncolon < 0:
        return 0, b""
    if coloncolon >= 0 and d != 7:
        extra = 7 - d
        moved = parts[coloncolon + 1:d + 1]
        parts[coloncolon + 1 + extra:coloncolon + 1 + extra + len(moved)] = moved
        for k in range(coloncolon + 1, coloncolon + 1 + extra):
            parts[k] = 0
    return i, b"".join(x.to_bytes(2, "big") for x in parts[:8])


def parse_ip6(s: str, nc: NameContext) -> bytes | None:
    """IP6AddressArg: RFC 4291 text forms (``1080::8:800:200C:417A``, ``::``,
    ``::ffff:1.2.3.4``; the embedded IPv4 part may be an AddressInfo name) or a name."""
    i, v = _ip6_basic_parse(s, nc)
    if i == len(s) and v and len(s) > 0:
        return v
    return query_ip6(s, nc)


def parse_ip6_prefix(s: str, nc: NameContext, allow_bare_address: bool = False
                     ) -> tuple[bytes, int] | None:
    """IP6PrefixArg: (address, prefix length) from ``addr/len`` (0-128), ``addr/mask`` (the mask
    must be contiguous) or a name; with ``allow_bare_address`` a plain address is a /128."""
    slash = s.rfind("/")
    if slash > 0 and slash + 1 != len(s):
        a = parse_ip6(s[:slash], nc)
        if a is not None:
            rest = s[slash + 1:]
            try:
                length = parse_int(rest, 32, True, 10)
                if 0 <= length <= 128:
                    return a, length
            except NumError:
                pass
            m = parse_ip6(rest, nc)
            if m is not None and ip6_mask_to_prefix_len(m) >= 0:
                return a, ip6_mask_to_prefix_len(m)
            return None
    if allow_bare_address:
        a = parse_ip6(s, nc)
        if a is not None:
            return a, 128
    return query_ip6_prefix(s, nc)


# -- Ethernet ----------------------------------------------------------------------------------

def parse_ether(s: str, nc: NameContext) -> bytes | None:
    """EtherAddressArg: six 1-2 digit hex bytes separated by all ``-`` or all ``:``
    (``00-15-58-2D-FB-8F``, ``0:1:2:3:4:5``), or an AddressInfo name."""
    literal = ether_basic_parse(s)
    return literal if literal is not None else query_ether(s, nc)


def ether_basic_parse(s: str) -> bytes | None:
    """The literal part of EtherAddressArg: six 1-2 digit hex bytes separated by all ``-`` or
    all ``:``, as 6 bytes; None when ``s`` is not one."""
    data = [0] * 6
    d = p = 0
    sep = ""
    end = len(s)
    i = 0
    while i != end:
        c = s[i]
        if is_xdigit(c):
            digit = int(c, 16)
        else:
            if sep == "" and c in "-:":
                sep = c
            if c == sep and p in (1, 2) and d < 5:
                p = 0
                d += 1
                i += 1
                continue
            break
        if p == 2 or d == 6:
            break
        data[d] = ((data[d] << 4) if p else 0) + digit
        p += 1
        i += 1
    if i == end and p != 0 and d == 5:
        return bytes(data)
    return None


# -- AddressInfo configuration -----------------------------------------------------------------

def _address_or_prefix(found: dict[str, object], kind: str, word: str, nc: NameContext,
                       parse: Callable[[str, NameContext], _Addr | None],
                       parse_prefix: Callable[[str, NameContext], tuple[_Addr, int] | None],
                       has_host_bits: Callable[[tuple[_Addr, int]], bool]) -> None:
    """AddressInfo::configure for one address family: ``word`` as an address of ``kind``,
    else as a prefix (``kind + "_prefix"``; a prefix with host bits also gives the address),
    recorded in ``found``."""
    addr = parse(word, nc)
    if addr is not None:
        found[kind] = addr
        return
    prefix = parse_prefix(word, nc)
    if prefix is not None:
        found[kind + "_prefix"] = prefix
        if has_host_bits(prefix):
            found[kind] = prefix[0]


def define_addressinfo_arg(arg: str, element: str, db: AddressInfoDB) -> list[str]:
    """Apply one AddressInfo argument ``NAME ADDR...`` (Click's AddressInfo::configure).

    Each ADDR is tried as Ethernet address, IPv4 address (else IPv4 prefix; a prefix with host
    bits also defines the address), IPv6 address (else prefix).  An ADDR of a single kind always
    (re)defines that kind; one that parses as several kinds defines only kinds not yet defined by
    this argument.  Returns Click's error messages (empty list when fine).
    """
    parts = cp_spacevec(arg)
    errors: list[str] = []
    if not parts:
        return errors
    if len(parts) < 2:
        errors.append("expected 'NAME [ADDRS]'")
    nc = NameContext(db, element)
    name = parts[0]
    types: set[str] = set()
    for word in parts[1:]:
        found: dict[str, object] = {}
        eth = parse_ether(word, nc)
        if eth is not None:
            found["ether"] = eth
        _address_or_prefix(found, "ip", word, nc, parse_ip, parse_ip_prefix,
                           lambda pf: bool(pf[0] & ~pf[1] & U32))
        _address_or_prefix(found, "ip6", word, nc, parse_ip6, parse_ip6_prefix,
                           lambda p6: bool(int.from_bytes(p6[0], "big")
                                           & ((1 << (128 - p6[1])) - 1)))
        one_type = len(found) == 1
        for kind in ("ether", "ip", "ip_prefix", "ip6", "ip6_prefix"):
            if kind in found and (one_type or kind not in types):
                db.define(element, name, kind, found[kind])
        types |= set(found)
        if not found:
            errors.append(f"'{word}' is not a recognizable address")
    return errors


# -- PortInfo names ----------------------------------------------------------------------------

_PORT_NUMBER = re.compile(r"0[xX][0-9a-fA-F]+|[0-9]+")


def define_portinfo_arg(arg: str, element: str, db: AddressInfoDB) -> list[str]:
    """Apply one PortInfo argument ``NAME PORT[/PROTO] [NAME...]`` (Click's PortInfo::configure,
    elements/standard/portinfo.cc): every NAME, up to a word starting with ``#``, names PORT for
    PROTO (``tcp``, ``udp``; no PROTO: both).  An empty argument or one whose first word starts
    with ``#`` is a comment.  A PROTO other than tcp or udp is accepted and defines nothing
    (clickc has no element taking ports of other protocols), as is an unknown PROTO in Click.
    Returns Click's error messages (empty list when fine).
    """
    name, rest = cp_shift_spacevec(arg)
    if not name or name.startswith("#"):
        return []
    port_text, rest = cp_shift_spacevec(rest)
    m = _PORT_NUMBER.match(port_text)
    tail = port_text[m.end():] if m else port_text
    if m is None or (tail and not tail.startswith("/")):
        return ["expected 'NAME PORT/PROTO'"]
    digits = m.group(0)
    port = int(digits, 16 if digits[:2] in ("0x", "0X") else 8 if digits[0] == "0" else 10)
    proto = tail[1:]
    proto_number = IP_PROTOS.get(proto, int(proto) if proto.isdigit() else -1)
    kinds = {-1: (), 6: ("tcp_port",), 17: ("udp_port",)}.get(proto_number, ()) \
        if tail else ("tcp_port", "udp_port")
    while name and not name.startswith("#"):
        for kind in kinds:
            db.define(element, name, kind, port)
        name, rest = cp_shift_spacevec(rest)
    return []
