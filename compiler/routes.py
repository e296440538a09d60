"""Route tables of Click's IPRouteTable classes: configuration parsing and the compiled form.

StaticIPLookup, LinearIPLookup, RadixIPLookup and DirectIPLookup take a list of routes, one per
configuration argument, each ``ADDR/MASK [GATEWAY] OUTPUT`` (Click's ``cp_ip_route`` in
elements/ip/iproutetable.cc).  This module parses them with Click's rules and messages
(``IPRouteTable::configure``):

* an argument that is not a route: ``argument N should be 'ADDR/MASK [GATEWAY] OUTPUT'``;
* an output outside ``0 .. noutputs-1``: ``argument N bad OUTPUT``;
* a second route for a prefix already given is ignored (the earlier one stays, since configure
  adds without replacing) and counted in one warning ``N route(s) replaced by later versions``.

The result, a :class:`RouteTable`, is what the element templates (``elements/ip/*iplookup.c``)
load at router start into the shared longest-prefix-match structure of ``runtime/lpm.c``
(docs/route-lookup.md).  Its C form is a constant byte array of 16 bytes per route (address,
mask, gateway, output; big-endian), written as string literals, which a C compiler reads fast
even for a full Internet table.

Not supported (reported as errors): masks that are not prefixes (``1.2.3.4/255.0.255.0``,
accepted by Click's LinearIPLookup, meaningless for its radix and direct tables).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from clickc.args.addresses import ip_basic_parse, query_ip, query_ip_prefix
from clickc.cformat import c_string
from clickc.elements.hooks import ConfigureContext
from clickc.frontend.confparse import cp_argvec, cp_shift_spacevec
from clickc.ir import Element, RouterGraph

#: A resolver for names that are not numeric addresses (Click's AddressInfo): called as
#: ``resolve(name, "ip")`` (an address; the result's mask is ignored) or ``resolve(name,
#: "prefix")``; returns ``(address, mask)`` as host-order integers, or None.
Resolver = Callable[[str, str], tuple[int, int] | None]

#: Element classes whose configuration is a route table.
ROUTE_TABLE_CLASSES = ("StaticIPLookup", "LinearIPLookup", "RadixIPLookup", "DirectIPLookup")


@dataclass(frozen=True, slots=True)
class IPRoute:
    """Click's IPRoute: host-order ``addr``/``mask``/``gw`` integers and an output ``port``
    (-1 when a remove request gave none)."""

    addr: int
    mask: int
    gw: int = 0
    port: int = -1

    @property
    def prefix_len(self) -> int:
        """Prefix length of ``mask``, or -1 when it is not a prefix mask."""
        return mask_to_prefix_len(self.mask)

    def unparse(self, tabs: bool = False) -> str:
        """Click's ``IPRoute::unparse``: ``ADDR/LEN GW PORT`` (``-`` for no gateway); with
        ``tabs``, tab-separated and padded with a second tab as the ``table`` handler prints."""
        sep = "\t" if tabs else " "
        first = f"{unparse_ip(self.addr)}/{unparse_mask(self.mask)}"
        out = first + sep
        if tabs and len(out) < 17:
            out += "\t"
        second = (unparse_ip(self.gw) if self.gw else "-") + sep
        if tabs and len(second) < 9:
            second += "\t"
        return out + second + str(self.port)

    def contains(self, addr: int) -> bool:
        """Whether ``addr`` matches this route's prefix."""
        return (addr & self.mask) == self.addr


def mask_to_prefix_len(mask: int) -> int:
    """Prefix length of a 32-bit mask, or -1 if the mask is not contiguous
    (Click's ``IPAddress::mask_to_prefix_len``)."""
    inv = ~mask & 0xFFFFFFFF
    if inv & (inv + 1):
        return -1
    return 32 - inv.bit_length()


def prefix_mask(length: int) -> int:
    """The mask of a ``length``-bit prefix (0..32)."""
    return (0xFFFFFFFF << (32 - length)) & 0xFFFFFFFF if length > 0 else 0


def unparse_ip(a: int) -> str:
    """Dotted quad of a host-order address."""
    return f"{a >> 24}.{(a >> 16) & 255}.{(a >> 8) & 255}.{a & 255}"


def unparse_mask(m: int) -> str:
    """Click's ``IPAddress::unparse_mask``: the prefix length, or the dotted mask."""
    n = mask_to_prefix_len(m)
    return str(n) if n >= 0 else unparse_ip(m)


def parse_ip(s: str, resolve: Resolver | None = None) -> int | None:
    """Click's ``IPAddressArg::parse``: a full dotted quad, else an AddressInfo name through
    ``resolve``; None when neither."""
    i, v, nbytes = ip_basic_parse(s, len(s))
    if s and i == len(s) and nbytes == 4:
        return v
    if resolve is not None and s:
        r = resolve(s, "ip")
        if r is not None:
            return r[0]
    return None


def parse_int(s: str, base: int = 0, bits: int = 32) -> int | None:
    """Click's ``IntArg(base).parse`` into a signed ``bits``-bit integer: optional sign,
    ``0x``/``0b``/``0`` prefixes when ``base`` is 0, ``_`` allowed between digits; None when
    invalid or out of range."""
    i = 0
    end = len(s)
    neg = False
    if i != end and s[i] in "+-":
        neg = s[i] == "-"
        i += 1
    b = base
    if b in (0, 16) and i + 2 < end and s[i] == "0" and s[i + 1] in "xX":
        i += 2
        b = 16
    elif b == 0 and i + 2 < end and s[i] == "0" and s[i + 1] in "bB":
        i += 2
        b = 2
    elif b == 0 and i != end and s[i] == "0":
        b = 8
    elif b == 0:
        b = 10
    first = i
    last = i - 1
    value = 0
    while i != end:
        c = s[i]
        if c == "_" and last == i:
            i += 1
            continue
        if c.isascii() and c.isdigit():
            dg = ord(c) - 48
        elif c.isascii() and c.isalpha():
            dg = ord(c.lower()) - 87
        else:
            break
        if dg >= b:
            break
        value = value * b + dg
        last = i + 1
        i += 1
    if i != first:
        xend = last
    elif first > 1:  # "0x" alone: the "0"
        xend, value = first - 1, 0
    else:
        return None
    if xend != end:
        return None
    v = -value if neg else value
    if not -(1 << (bits - 1)) <= v < (1 << (bits - 1)):
        return None
    return v


def parse_prefix(s: str, resolve: Resolver | None = None) -> tuple[int, int] | None:
    """Click's ``IPPrefixArg(true).parse``: ``ADDR/LEN``, ``ADDR/MASK``, a partial address
    with a length that fits (``18.26.4/24``), a bare address (a /32), or an AddressInfo name.
    Returns host-order (address, mask) or None."""
    slash = s.rfind("/")
    if slash > 0 and slash + 1 != len(s):
        head, tail = s[:slash], s[slash + 1:]
        i, addr, nbytes = ip_basic_parse(head, len(head))
        ok = i == len(head)
        if not ok and resolve is not None:
            r = resolve(head, "ip")
            if r is not None:
                ok, addr, nbytes = True, r[0], 4
        if ok:
            length = parse_int(tail, 10)
            mask: int | None
            if length is not None and 0 <= length <= 32:
                mask = prefix_mask(length)
            else:
                mask = parse_ip(tail, resolve)
            if mask is not None and not (nbytes < 4 and (mask & prefix_mask(nbytes * 8)) != mask):
                return addr, mask
    a = parse_ip(s, resolve)
    if a is not None:
        return a, 0xFFFFFFFF
    if resolve is not None and s:
        return resolve(s, "prefix")
    return None


#: The common spelling ``A.B.C.D/LEN [GW] OUT`` in plain decimal (no leading zeros in OUT),
#: parsed without the general rules; anything else goes through them.
_SIMPLE_ROUTE = re.compile(
    r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})/(\d{1,2})"
    r"(?:[ \t]+(?:-|(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})))?[ \t]+(0|[1-9]\d{0,8})")


def _parse_simple(text: str) -> IPRoute | None:
    m = _SIMPLE_ROUTE.fullmatch(text)
    if m is None:
        return None
    g = m.groups()
    a0, a1, a2, a3, ln = int(g[0]), int(g[1]), int(g[2]), int(g[3]), int(g[4])
    if a0 > 255 or a1 > 255 or a2 > 255 or a3 > 255 or ln > 32:
        return None
    gw = 0
    if g[5] is not None:
        b0, b1, b2, b3 = int(g[5]), int(g[6]), int(g[7]), int(g[8])
        if b0 > 255 or b1 > 255 or b2 > 255 or b3 > 255:
            return None
        gw = (b0 << 24) | (b1 << 16) | (b2 << 8) | b3
    mask = prefix_mask(ln)
    return IPRoute(((a0 << 24) | (a1 << 16) | (a2 << 8) | a3) & mask, mask, gw, int(g[9]))


def parse_route(text: str, remove: bool = False,
                resolve: Resolver | None = None) -> IPRoute | None:
    """Click's ``cp_ip_route``: ``ADDR/MASK [GATEWAY] OUTPUT`` (OUTPUT optional when
    ``remove``; GATEWAY ``-`` means none).  The address is masked.  None when malformed."""
    fast = _parse_simple(text)
    if fast is not None:
        return fast
    word, rest = cp_shift_spacevec(text)
    pm = parse_prefix(word, resolve)
    if pm is None:
        return None
    addr, mask = pm[0] & pm[1], pm[1]
    gw = 0
    word, rest = cp_shift_spacevec(rest)
    if word == "-":
        word, rest = cp_shift_spacevec(rest)
    else:
        g = parse_ip(word, resolve)
        if g is not None:
            gw = g
            word, rest = cp_shift_spacevec(rest)
    port = parse_int(word) if word else None
    if port is None and not (not word and remove):
        return None
    if rest:
        return None
    return IPRoute(addr, mask, gw, -1 if port is None else port)


def _byte_escape(b: int) -> str:
    """A byte inside a C string literal: printable ASCII as itself (but ``?``, so that no
    trigraph forms, and the quote and backslash), everything else a 3-digit octal escape."""
    if 0x20 <= b < 0x7F and chr(b) not in '?"\\':
        return chr(b)
    return f"\\{b:03o}"


_BYTE_ESCAPES = [_byte_escape(b) for b in range(256)]


@dataclass(frozen=True)
class RouteTable:
    """A parsed route table: the routes in configuration order, without the later duplicates
    that Click's configure rejects.  ``c_literal()`` and ``c_len()`` give its C form for the
    backend (``CONF(ROUTES)`` / ``CONF_LEN(ROUTES)``)."""

    routes: tuple[IPRoute, ...]
    given: bool = True

    def packed(self) -> bytes:
        """16 bytes per route: address, mask, gateway, output (signed), all big-endian."""
        out = bytearray()
        for r in self.routes:
            out += r.addr.to_bytes(4, "big") + r.mask.to_bytes(4, "big")
            out += r.gw.to_bytes(4, "big") + (r.port & 0xFFFFFFFF).to_bytes(4, "big")
        return bytes(out)

    def c_literal(self) -> str:
        """The packed routes as one C string literal (static storage; read as unsigned
        bytes by ``ck_rt_load_packed``)."""

        return str(c_string(self.packed()))

    def c_len(self) -> int:
        """Number of routes."""
        return len(self.routes)

    def c_code(self) -> str:
        """Per-instance C code (``Element.facts.c_code``, emitted by the backend before the
        element template): the routes as a constant byte array ``ELEM(routes)``, one string
        literal of 16 bytes per route (:meth:`packed`) followed by the route in Click's syntax
        as a comment, and the macros ``CK_RT_COMPILED`` and ``CK_RT_NROUTES`` that the template
        uses and then undefines.  (A string-literal initializer compiles in about a second for a
        full Internet table, where an array of structures takes clang over ten.)"""
        esc = _BYTE_ESCAPES
        packed = self.packed()
        rows = []
        for i, r in enumerate(self.routes):
            lit = "".join([esc[x] for x in packed[16 * i:16 * i + 16]])
            rows.append(f'    "{lit}"  /* {r.unparse()} */')
        return "\n".join([
            '#include "lpm.h"',
            "#define CK_RT_COMPILED 1",
            f"#define CK_RT_NROUTES {len(self.routes)}u",
            "/* address, mask, gateway, output: 4 bytes each, big-endian */",
            "static const unsigned char ELEM(routes)[] =",
            *(rows or ['    ""']),
            "    ;",
        ]) + "\n"

    def lookup(self, addr: int) -> IPRoute | None:
        """Longest-prefix match of ``addr`` (a reference implementation, linear time)."""
        best: IPRoute | None = None
        for r in self.routes:
            if r.contains(addr) and (best is None or r.prefix_len > best.prefix_len):
                best = r
        return best


@dataclass
class ConfigMessages:
    """What configuring a route table reports: errors and warnings, in Click's words."""

    errors: list[str]
    warnings: list[str]


def parse_route_config(args: Iterable[str], noutputs: int,
                       resolve: Resolver | None = None) -> tuple[RouteTable, ConfigMessages]:
    """Click's ``IPRouteTable::configure`` on the configuration arguments ``args`` (already
    split at commas) for an element with ``noutputs`` outputs.

    Returns the table and the messages; the table holds the valid routes even when there are
    errors (the caller decides).  A route whose mask is not a prefix is an error here (see the
    module documentation)."""
    routes: list[IPRoute] = []
    seen: set[tuple[int, int]] = set()
    errors: list[str] = []
    eexist = 0
    for i, arg in enumerate(args, 1):
        r = parse_route(arg, False, resolve)
        if r is None:
            errors.append(f"argument {i} should be 'ADDR/MASK [GATEWAY] OUTPUT'")
        elif r.port < 0 or r.port >= noutputs:
            errors.append(f"argument {i} bad OUTPUT")
        elif r.prefix_len < 0:
            errors.append(f"argument {i}: non-prefix mask in route '{r.unparse()}' "
                          "(clickc route tables need ADDR/LEN prefixes)")
        elif (r.addr, r.mask) in seen:
            eexist += 1
        else:
            seen.add((r.addr, r.mask))
            routes.append(r)
    warnings = []
    if eexist:
        warnings.append(f"{eexist} {'routes' if eexist > 1 else 'route'} replaced by later "
                        "versions")
    return RouteTable(tuple(routes)), ConfigMessages(errors, warnings)


def route_table(graph: RouterGraph, element: Element,
                ctx: ConfigureContext) -> dict[str, Any] | None:
    """The ``custom_parser`` hook of the route-table element specs (``passes/check.py`` calls
    it as ``hook(graph, element, ctx)``): parses ``element.config`` (AddressInfo names through
    ``ctx.names()``) for an element with
    ``graph.noutputs_used(element.name)`` outputs, reports errors through ``ctx.error`` (and
    the warning through ``ctx.warning`` when the context has one), sets
    ``element.facts.c_code`` to the routes' C array (:meth:`RouteTable.c_code`), and
    returns ``{"ROUTES": RouteTable}``, or None after errors."""
    noutputs = int(graph.noutputs_used(element.name))
    names = ctx.names()

    def resolve(name: str, kind: str) -> tuple[int, int] | None:
        if kind == "ip":
            a = query_ip(name, names)
            return None if a is None else (a, 0xFFFFFFFF)
        p = query_ip_prefix(name, names)
        return None if p is None else (int(p[0]), int(p[1]))

    table, msgs = parse_route_config(cp_argvec(element.config), noutputs, resolve)
    for m in msgs.errors:
        ctx.error(m)
    for w in msgs.warnings:
        warn = getattr(ctx, "warning", None)
        if callable(warn):
            warn(w)
        else:
            errh = ctx.errh
            if not getattr(ctx, "_announced", True):
                ctx._announced = True
                errh.message(element.landmark, f"While configuring '{element.name} :: "
                                               f"{element.class_name}':")
            errh.message(None, "  warning: " + w)
            errh.nwarnings += 1
    if msgs.errors:
        return None
    facts = getattr(element, "facts", None)
    if facts is not None:
        facts.c_code = table.c_code()
    return {"ROUTES": table}


def load_pyasn(path: str, noutputs: int) -> RouteTable:
    """Routes from a pyasn/routeviews file (``PREFIX/LEN ASN`` per line), each sent to output
    ``ASN % noutputs`` with no gateway; later duplicates dropped.  For tests and benchmarks."""
    routes: list[IPRoute] = []
    seen: set[tuple[int, int]] = set()
    with open(path, encoding="ascii") as f:
        for line in f:
            parts = line.split()
            if len(parts) < 2 or parts[0].startswith(";"):
                continue
            pm = parse_prefix(parts[0])
            if pm is None:
                continue
            addr, mask = pm[0] & pm[1], pm[1]
            if (addr, mask) in seen:
                continue
            seen.add((addr, mask))
            routes.append(IPRoute(addr, mask, 0, int(parts[1]) % noutputs))
    return RouteTable(tuple(routes))
