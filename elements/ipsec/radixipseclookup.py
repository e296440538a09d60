"""RadixIPsecLookup: Route lookup that also selects the IPsec security association of the route.

Facts from Click's elements/ipsec/radixipseclookup.hh and .cc, ipsecroutetable.{hh,cc}
(cp_ipsec_route, IPsecRouteTable::configure and push, RadixIPsecLookup::add_route and
lookup_route), satable.cc and sadatatuple.hh.

The configuration is compiled here (:func:`ipsec_route_table`) into C tables the template
``radixipseclookup.c`` reads.  Click's ``add_route`` is replayed route by route so that its
table layout, and its peculiarities, come out as Click's: a prefix given twice keeps its first
route; a default route (mask 0) is put straight back on the free list, so it answers lookups
only until a later route reuses its slot (in practice: only when it is the last route); each
route with a security association gets its own SA state for outgoing packets, and the first
route of each SPI also enters the SA table that incoming ESP packets are looked up in (Click's
SATable refuses SPI 0 and a REPLAY start of 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clickc.args import cp_argvec, cp_spacevec, parse_value
from clickc.args.addresses import parse_ip, parse_ip_prefix
from clickc.args.core import ArgError
from clickc.elements.hooks import ConfigureContext, names, parse_int
from clickc.elements.spec import ElementSpec, Handler
from clickc.ir import Element, RouterGraph

_INT_MIN = -0x80000000


@dataclass
class _Route:
    addr: int
    mask: int
    gw: int
    port: int
    sa: int = -1       # index into IPsecTables.sas (the route's own outgoing state), or -1
    spi: int = 0


@dataclass
class _SA:
    spi: int
    enc_key: bytes
    auth_key: bytes
    replay: int
    oosize: int


@dataclass
class IPsecTables:
    """RadixIPsecLookup's state after Click's configure: route slots (with the free list),
    the prefixes the radix trie maps to slots, the default key, the SAs of routes, and the SA
    table (SPI -> index into ``sas``).  ``c_literal``/``c_len`` make it usable as
    ``CONF(ROUTES)``; the C tables are :meth:`c_code`."""

    slots: list[_Route] = field(default_factory=list)
    free: list[int] = field(default_factory=list)      # Click's _vfree stack, top last
    prefixes: dict[tuple[int, int], int] = field(default_factory=dict)
    default_key: int = -1
    sas: list[_SA] = field(default_factory=list)
    sa_table: dict[int, int] = field(default_factory=dict)

    def add(self, route: _Route) -> None:
        """Click's RadixIPsecLookup::add_route(route, set=false) during configure."""
        found = self.free.pop() if self.free else len(self.slots)
        if found == len(self.slots):
            self.slots.append(route)
        else:
            self.slots[found] = route
        if route.mask:
            old = self.prefixes.get((route.addr, route.mask))
            if old is not None:        # -EEXIST: the old route moves to the new slot
                self.slots[found] = self.slots[old]
                self.free.append(old)
            self.prefixes[(route.addr, route.mask)] = found
        else:                          # the new default route matches itself and is freed
            self.default_key = found
            self.free.append(found)

    def c_literal(self) -> str:
        return str(len(self.slots))

    def c_len(self) -> int:
        return len(self.slots)

    def c_code(self) -> str:
        """C tables for the template: ``ELEM(slots)`` (address, mask, gateway, output, SA
        index, SPI, free flag; host byte order), ``ELEM(pfx)`` (prefixes longest first with
        their slot), ``ELEM(sa)`` (SA state), ``ELEM(sat)`` (SA table: SPI, SA index) and the
        counts and default key as macros the template undefines."""
        free = set(self.free)

        def keybytes(b: bytes) -> str:
            return "{" + ", ".join(f"0x{x:02x}" for x in b) + "}"

        rows = [f"    {{{r.addr:#010x}u, {r.mask:#010x}u, {r.gw:#010x}u, {r.port}, {r.sa}, "
                f"{r.spi}u, {int(i in free)}}}, /* {_unparse_ip(r.addr)}/{_unparse_ip(r.mask)}"
                f" -> {r.port} */"
                for i, r in enumerate(self.slots)]
        pfx = sorted(self.prefixes.items(), key=lambda kv: (-bin(kv[0][1]).count("1"), kv[1]))
        prow = [f"    {{{a:#010x}u, {m:#010x}u, {s}}}," for (a, m), s in pfx]
        sarow = [f"    {{{keybytes(s.enc_key)}, {keybytes(s.auth_key)}, {s.replay}u, "
                 f"{s.replay}u, {s.oosize}, 0, {s.replay}u, {s.spi}u, 0}},"
                 for s in self.sas]
        # the SA table holds copies: its entries get SA states of their own after the routes'
        sarow += [f"    {{{keybytes(self.sas[i].enc_key)}, {keybytes(self.sas[i].auth_key)}, "
                  f"{self.sas[i].replay}u, {self.sas[i].replay}u, {self.sas[i].oosize}, 0, "
                  f"{self.sas[i].replay}u, {spi}u, 0}}, /* SA table copy */"
                  for spi, i in self.sa_table.items()]
        sat = [f"    {{{spi}u, {len(self.sas) + k}}},"
               for k, spi in enumerate(self.sa_table)]
        dummy = "    {0},"
        return "\n".join([
            '#include "ipsec/ipsec.h"',
            f"#define CK_IPSEC_NSLOTS {len(self.slots)}",
            f"#define CK_IPSEC_NPFX {len(pfx)}",
            f"#define CK_IPSEC_NSAT {len(sat)}",
            f"#define CK_IPSEC_DEFAULT_KEY {self.default_key}",
            "static ck_ipsec_route ELEM(slots)[] = {",
            *(rows or [dummy]),
            "};",
            "static const ck_ipsec_prefix ELEM(pfx)[] = {",
            *(prow or [dummy]),
            "};",
            "static ck_ipsec_sa ELEM(sa)[] = {",
            *(sarow or [dummy]),
            "};",
            "static const ck_ipsec_sat ELEM(sat)[] = {",
            *(sat or [dummy]),
            "};",
        ]) + "\n"


def _unparse_ip(a: int) -> str:
    return ".".join(str((a >> s) & 255) for s in (24, 16, 8, 0))


def ipsec_route_table(graph: RouterGraph, element: Element,
                      ctx: ConfigureContext) -> dict[str, Any] | None:
    """The ``custom_parser`` of RadixIPsecLookup: ``ADDR/MASK [GATEWAY] OUTPUT [SPI ENCRYPT_KEY
    AUTH_KEY REPLAY OOSIZE]`` per argument (Click's cp_ipsec_route: GATEWAY ``-`` or an address;
    SPI and REPLAY unsigned 32-bit, OOSIZE a byte, the keys exactly 16 characters, used as
    bytes).  An argument that does not parse, or whose OUTPUT is not a connected output, gives
    Click's "argument N should be 'ADDR/MASK [GATEWAY] OUTPUT'" (all of them are reported).
    Sets ``element.facts.c_code`` (:meth:`IPsecTables.c_code`) and returns
    ``{"ROUTES": IPsecTables}``, or None after errors."""

    nc = names(graph, element, ctx)
    noutputs = graph.noutputs_used(element.name)
    tables = IPsecTables()
    ok = True
    for i, arg in enumerate(cp_argvec(element.config)):
        words = cp_spacevec(arg)
        route: _Route | None = None
        sa: _SA | None = None
        p = parse_ip_prefix(words[0], nc, allow_bare_address=True) if words else None
        if p is not None:
            addr, mask = p[0] & p[1], p[1]
            rest = words[1:]
            gw = 0
            if rest and rest[0] == "-":
                rest = rest[1:]
            elif rest and (g := parse_ip(rest[0], nc)) is not None:
                gw, rest = g, rest[1:]
            port = parse_int(rest[0]) if rest else None
            if port is not None:
                ext = rest[1:]
                good = True
                if ext:
                    good = False
                    try:
                        if len(ext) == 5:
                            spi = int(parse_value("unsigned", ext[0]))
                            keys = [parse_value("string", w) for w in ext[1:3]]
                            kb = [k.encode("latin-1") if isinstance(k, str) else bytes(k)
                                  for k in keys]
                            replay = int(parse_value("unsigned", ext[3]))
                            oosize = int(parse_value("byte", ext[4]))
                            if all(len(k) == 16 for k in kb):
                                sa = _SA(spi, kb[0], kb[1], replay, oosize)
                                good = True
                            else:  # Click: click_chatter
                                ctx.chatter("key has bad length")
                    except (ArgError, ValueError, TypeError):
                        good = False
                if good and 0 <= port < noutputs:
                    route = _Route(addr, mask, gw, port)
        if route is None:
            ctx.error(f"argument {i + 1} should be 'ADDR/MASK [GATEWAY] OUTPUT'")
            ok = False
            continue
        if sa is not None:
            route.sa = len(tables.sas)
            route.spi = sa.spi
            tables.sas.append(sa)
            # SATable::insert: refuses SPI 0 and a zero start counter; the first SPI stays
            if sa.spi and sa.replay and sa.spi not in tables.sa_table:
                tables.sa_table[sa.spi] = route.sa
        tables.add(route)
    if not ok:
        return None
    element.facts.c_code = tables.c_code()
    return {"ROUTES": tables}


SPEC = ElementSpec('RadixIPsecLookup', '1/-', 'h/h',
    config='custom',
    custom_parser=ipsec_route_table,
    handlers=(
        Handler('table', doc="the routes, Click's IPsecRoute::unparse with tabs"),
        Handler('lookup', doc='"PORT [GATEWAY]" for an IP address', read_param=True),
    ),
    state='shared',
    concurrency='atomic',
    concurrency_note=('its route and SA tables are read-only at run time; the SA state the '
                      'ESP elements change is atomic or locked (ipsec/ipsec.h)'),
    c_file='ipsec/radixipseclookup.c',
    libs=('-lcrypto',),
    cost=60.0,
           header_delta=0,
    doc=(
        'Route lookup that also selects the IPsec security association of the route. '
        'Arguments: ``ADDR/MASK [GATEWAY] OUTPUT [SPI ENCRYPT_KEY AUTH_KEY REPLAY OOSIZE]`` '
        '(keys: 16 characters each, used as bytes). Output 1 packets get the SPI and SA '
        'annotations of their route; output 0 packets must be ESP (others go to output 2) and '
        'get the SA of their SPI; a packet with an unknown SPI is dropped.'
    ),
)
