"""Click's IPFilter / IPClassifier pattern language (tcpdump-like), parsed into expressions.

The grammar, the keyword and name databases, the "same qualifier as before" rules, the checks
and their messages follow Click's elements/ip/ipfilter.{hh,cc} and elements/ip/ipclassifier.cc
(documentation in ipclassifier.hh):

    expr   ::= orexpr | orexpr ? expr : expr
    orexpr ::= orexpr (or | ||) orexpr | term
    term   ::= term (and | &&) term | term factor | factor
    factor ::= (not | !) factor | ( expr ) | test
    test   ::= true | false | quals [& MASK] [relop] data

Each primitive becomes the same word tests Click's ``IPFilter::Primitive::compile`` emits
(protocol tests, the first-fragment test of transport-header primitives, comparisons expanded
into masked equality tests), including Click's short-packet behaviour (see ``expr``).  Offsets
are in Click's IPFilter offset space: MAC header at 0 (minus 2), IP header at 256, transport
header at 512.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, replace

from . import names as N
from .expr import (
    FALSE,
    OFFSET_MAC,
    OFFSET_NET,
    OFFSET_TRANSP,
    TRUE,
    Expr,
    and_,
    atom,
    ite,
    negate_keep_short,
    not_,
    or_,
)
from .numbers import parse_ether, parse_int, parse_ip, parse_ip_prefix
from .rules import DROP, Diagnostics, Rule, RuleSet

UNKNOWN = -1000
SD_SRC, SD_DST, SD_AND, SD_OR = 1, 2, 3, 4
OP_EQ, OP_GT, OP_LT = 0, 1, 2
M32 = 0xFFFFFFFF


@dataclass
class AddressNames:
    """Resolvers for AddressInfo names (Click's ``AddressInfo::query_*``); each returns None
    for an unknown name.  ``ip`` -> big-endian int, ``prefix`` -> (address, mask),
    ``ether`` -> 6 bytes."""

    ip: Callable[[str], int | None] = lambda _name: None
    prefix: Callable[[str], tuple[int, int] | None] = lambda _name: None
    ether: Callable[[str], bytes | None] = lambda _name: None


def _bswap32(x: int) -> int:
    return int.from_bytes((x & M32).to_bytes(4, "big"), "little")


def _s32(x: int) -> int:
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


def _ffs_msb(x: int) -> int:
    """Click's ffs_msb: 1-based position of the most significant set bit, counted from bit 31;
    0 for 0."""
    x &= M32
    return 33 - x.bit_length() if x else 0


def unparse_transp_proto(p: int) -> str:
    return {UNKNOWN: "", 1: "icmp", 2: "igmp", 4: "ipip", 6: "tcp", 17: "udp",
            N.IP_PROTO_TCP_OR_UDP: "tcpudp", N.IP_PROTO_TRANSP: "transp"}.get(p, f"ip proto {p}")


_FIELD_NAMES = {N.FIELD_IPLEN: "ip len", N.FIELD_ID: "ip id", N.FIELD_VERSION: "ip vers",
                N.FIELD_HL: "ip hl", N.FIELD_TOS: "ip tos", N.FIELD_DSCP: "ip dscp",
                N.FIELD_TTL: "ip ttl", N.FIELD_TCP_WIN: "tcp win",
                N.FIELD_ICMP_TYPE: "icmp type"}
_TYPE_NAMES = {N.TYPE_NONE: "<none>", N.TYPE_HOST: "ip host", N.TYPE_PROTO: "proto",
               N.TYPE_ETHER: "ether host", N.TYPE_IPFRAG: "ip frag", N.TYPE_PORT: "port",
               N.TYPE_TCPOPT: "tcp opt", N.TYPE_NET: "ip net", N.TYPE_IPUNFRAG: "ip unfrag",
               N.TYPE_IPECT: "ip ect", N.TYPE_IPCE: "ip ce"}


def unparse_type(srcdst: int, type_: int) -> str:
    """Click's ``Primitive::unparse_type``."""
    s = {SD_SRC: "src ", SD_DST: "dst ", SD_OR: "src or dst ", SD_AND: "src and dst "}.get(
        srcdst, "")
    if type_ in _TYPE_NAMES:
        return s + _TYPE_NAMES[type_]
    if type_ >= 0 and type_ & N.TYPE_FIELD:
        if type_ in _FIELD_NAMES:
            return s + _FIELD_NAMES[type_]
        if type_ & N.FIELD_PROTO_MASK:
            return s + unparse_transp_proto((type_ & N.FIELD_PROTO_MASK) >> N.FIELD_PROTO_SHIFT) \
                + "[...]"
        return s + "ip[...]"
    return s + f"<unknown type {type_}>"


def _unparse_word(type_: int, proto: int, word: str) -> str:
    tn = unparse_type(0, type_)
    tr = unparse_transp_proto(proto)
    if tn:
        tn += " "
    if tr or (word and tn):
        tr += " "
    return tn + tr + word


_DB2TYPE = (N.TYPE_PROTO, N.TYPE_PORT, N.TYPE_PORT, N.TYPE_TCPOPT, N.FIELD_ICMP_TYPE)
_DBS = ("ip_proto", "tcp_port", "udp_port", "tcp_opt", "icmp_type")


def lookup(word: str, type_: int, proto: int, diag: Callable[[str], None] | None
           ) -> tuple[int, int]:
    """Click's ``IPFilter::lookup``: (kind, value); kind -1 = not a name, -2 = error
    (reported through ``diag`` when given), ``TYPE_TYPE`` for keywords, else a TYPE_*."""
    if type_ in (0, N.TYPE_TYPE):
        v = N.query("ipfilter_type", word)
        if v is not None:
            return (-1, v) if v == N.TYPE_SYNTAX else (N.TYPE_TYPE, v)
    got = [N.query(db, word) for db in _DBS]
    if all(g is None for g in got):
        return -1, 0
    tgot = [
        got[0] is not None and type_ in (0, N.TYPE_PROTO),
        got[1] is not None and type_ in (0, N.TYPE_PORT)
        and proto in (UNKNOWN, N.IP_PROTO_TCP, N.IP_PROTO_TCP_OR_UDP),
        got[2] is not None and type_ in (0, N.TYPE_PORT)
        and proto in (UNKNOWN, N.IP_PROTO_UDP, N.IP_PROTO_TCP_OR_UDP),
        got[3] is not None and type_ in (0, N.TYPE_TCPOPT)
        and proto in (UNKNOWN, N.IP_PROTO_TCP, N.IP_PROTO_TCP_OR_UDP),
        got[4] is not None and type_ in (0, N.FIELD_ICMP_TYPE)
        and proto in (UNKNOWN, N.IP_PROTO_ICMP),
    ]
    if tgot[1] and tgot[2] and got[1] == got[2]:
        tgot[2] = False
    ngot = sum(tgot)
    if ngot == 1:
        i = tgot.index(True)
        return _DB2TYPE[i], got[i]  # type: ignore[return-value]
    tries = ", ".join(f"'{_unparse_word(_DB2TYPE[i], proto, word)}'"
                      for i in range(5) if got[i] is not None)
    if diag is not None:
        diag(f"'{_unparse_word(type_, proto, word)}' is "
             f"{'ambiguous' if ngot > 1 else 'meaningless'}; try {tries}")
    return -2, 0


@dataclass
class Primitive:
    """Click's ``IPFilter::Primitive``.  ``u``/``mask`` hold integer data as Click's union
    does; IP addresses and masks are kept big-endian (``mask_raw_int`` notes a mask given as
    an integer for an address, which Click byte-swaps on little-endian hosts)."""

    type: int = 0
    data: int = 0
    op: int = OP_EQ
    op_negated: bool = False
    srcdst: int = 0
    transp_proto: int = UNKNOWN
    u: int = 0
    mask: int = 0
    ether: bytes = bytes(6)
    ether_mask: bytes = bytes(6)

    def clear(self) -> None:
        self.type = self.srcdst = self.data = 0
        self.transp_proto = UNKNOWN
        self.op = OP_EQ
        self.op_negated = False

    def unparse_type(self) -> str:
        return unparse_type(self.srcdst, self.type)

    def unparse_op(self) -> str:
        if self.op == OP_GT:
            return "<=" if self.op_negated else ">"
        if self.op == OP_LT:
            return ">=" if self.op_negated else "<"
        return "!=" if self.op_negated else "="

    # ---- checks (Click's Primitive::check and set_mask) ----

    def set_mask(self, full_mask: int, shift: int, provided: int, err: Callable[[str], None],
                 warn: Callable[[str], None]) -> int:
        data = self.u & M32
        this_mask = provided if provided else full_mask
        if (this_mask & full_mask) != this_mask:
            err(f"'{self.unparse_type()}': mask out of range, bound 0x{full_mask:X}")
            return -1
        if self.op in (OP_GT, OP_LT):
            if (self.op == OP_LT and (data == 0 or data > this_mask)) or \
                    (self.op == OP_GT and data >= this_mask):
                will_be = (not self.op_negated) if (self.op == OP_LT and data > this_mask) \
                    else self.op_negated
                warn(f"relation '{self.unparse_op()} {data}' is always "
                     f"{'true' if will_be else 'false'} (range 0-{this_mask})")
                self.u = self.mask = 0
                self.op_negated = not will_be
                self.op = OP_EQ
                return 0
            if self.op == OP_LT:
                self.u = (self.u - 1) & M32
                self.op_negated = not self.op_negated
                self.op = OP_GT
            low = (1 << shift) - 1
            self.u = ((self.u << shift) | low) & M32
            self.mask = ((this_mask << shift) | low) & M32
            if (self.u & self.mask) != self.u:
                full_u = ((full_mask << shift) | low) & M32
                missing = (self.u & self.mask) ^ (self.u & full_u)
                add_mask = M32 >> (_ffs_msb(missing) & 31)
                self.u = (self.u | add_mask) & self.mask
            return 0
        if data > full_mask:
            err(f"'{self.unparse_type()}': out of range, bound {full_mask}")
            return -1
        self.u = (data << shift) & M32
        self.mask = (this_mask << shift) & M32
        return 0

    def check(self, prev: Primitive, header: str, mask_dt: int, pmask: int, pmask_ether: bytes,
              err: Callable[[str], None], warn: Callable[[str], None]) -> int:
        old_srcdst = self.srcdst
        if self.type < 0:
            return -1

        def type_error(msg: str) -> int:
            err(f"'{self.unparse_type()}': {msg}")
            return -1

        if not self.type:
            while True:
                d = self.data
                if d in (N.TYPE_HOST, N.TYPE_NET, N.TYPE_TCPOPT, N.TYPE_ETHER):
                    self.type = d
                    if not self.srcdst:
                        self.srcdst = prev.srcdst
                elif d == N.TYPE_PROTO:
                    self.type = N.TYPE_PROTO
                elif d == N.TYPE_PORT:
                    self.type = N.TYPE_PORT
                    if not self.srcdst:
                        self.srcdst = prev.srcdst
                    if self.transp_proto == UNKNOWN:
                        self.transp_proto = prev.transp_proto
                elif d == N.TYPE_INT:
                    if not (prev.type >= 0 and prev.type & N.TYPE_FIELD) \
                            and prev.type not in (N.TYPE_PROTO, N.TYPE_PORT):
                        err("specify header field or 'port'")
                        return -1
                    self.data = prev.type
                    continue
                elif d == N.TYPE_NONE:
                    if self.transp_proto != UNKNOWN:
                        self.type = N.TYPE_PROTO
                    else:
                        err("partial directive")
                        return -1
                elif d >= 0 and d & N.TYPE_FIELD:
                    self.type = d
                    if (d & N.FIELD_PROTO_MASK) and self.transp_proto == UNKNOWN:
                        self.transp_proto = (d & N.FIELD_PROTO_MASK) >> N.FIELD_PROTO_SHIFT
                else:
                    err(f"unknown type '{unparse_type(0, d)}'")
                    return -1
                break

        if not header and self.data == N.TYPE_ETHER:
            header = "e"
        elif not header:
            header = "i"
        if header == "e" and self.type == N.TYPE_HOST:
            self.type = N.TYPE_ETHER

        t = self.type
        if t in (N.TYPE_HOST, N.TYPE_NET):
            if header != "i" or self.data != t:
                return type_error("address missing")
            if self.op != OP_EQ:
                return type_error("operator not supported")
            if t == N.TYPE_HOST:
                self.mask = M32
            self.type = N.TYPE_HOST
            if mask_dt and mask_dt not in (N.TYPE_INT, N.TYPE_HOST):
                return type_error("bad mask")
            if mask_dt:
                # Click stores the mask in network order and reads it back with ntohl
                self.mask = _bswap32(pmask)
        elif t == N.TYPE_ETHER:
            if header != "e" or self.data != N.TYPE_ETHER:
                return type_error("address missing")
            if self.op != OP_EQ:
                return type_error("operator not supported")
            self.ether_mask = b"\xff" * 6
            if mask_dt and mask_dt != N.TYPE_ETHER:
                return type_error("bad mask")
            if mask_dt:
                self.ether_mask = pmask_ether
        elif t == N.TYPE_PROTO:
            if header != "i":
                return type_error("ip only")
            if self.data in (N.TYPE_INT, N.TYPE_PROTO):
                if self.transp_proto != UNKNOWN and self.transp_proto != _s32(self.u):
                    return type_error("specified twice")
                self.data = N.TYPE_NONE
            else:
                self.u = self.transp_proto & M32
            self.transp_proto = UNKNOWN
            ui = _s32(self.u)
            if self.data != N.TYPE_NONE or ui == UNKNOWN:
                return type_error("value missing")
            if ui >= 256:
                if self.op != OP_EQ or mask_dt:
                    err(f"'{unparse_transp_proto(ui)}': operator or mask not supported")
                    return -1
                self.mask = 0xFF
            elif mask_dt and mask_dt != N.TYPE_INT:
                return type_error("bad mask")
            elif self.set_mask(0xFF, 0, pmask if mask_dt else 0, err, warn) < 0:
                return -1
            if self.op == OP_EQ and self.mask == 0xFF and not self.op_negated:
                self.transp_proto = _s32(self.u)
        elif t == N.TYPE_PORT:
            if header != "i":
                return type_error("ip only")
            if self.data == N.TYPE_INT:
                self.data = N.TYPE_PORT
            if self.data != N.TYPE_PORT:
                return type_error("value missing")
            if self.transp_proto == UNKNOWN:
                self.transp_proto = N.IP_PROTO_TCP_OR_UDP
            elif self.transp_proto not in (N.IP_PROTO_TCP, N.IP_PROTO_UDP,
                                           N.IP_PROTO_TCP_OR_UDP, N.IP_PROTO_DCCP):
                err(f"'port': bad protocol {self.transp_proto}")
                return -1
            elif mask_dt and mask_dt != N.TYPE_INT:
                return type_error("bad mask")
            if self.set_mask(0xFFFF, 0, pmask if mask_dt else 0, err, warn) < 0:
                return -1
        elif t == N.TYPE_TCPOPT:
            if header != "i":
                return type_error("ip only")
            if self.data == N.TYPE_INT:
                self.data = N.TYPE_TCPOPT
            if self.data != N.TYPE_TCPOPT:
                return type_error("value missing")
            if self.transp_proto == UNKNOWN:
                self.transp_proto = N.IP_PROTO_TCP
            elif self.transp_proto != N.IP_PROTO_TCP:
                err(f"'tcp opt': bad protocol {self.transp_proto}")
                return -1
            if self.op != OP_EQ or self.op_negated or mask_dt:
                return type_error("operator or mask not supported")
            if _s32(self.u) < 0 or _s32(self.u) > 255:
                err(f"'tcp opt': value {_s32(self.u)} out of range")
                return -1
            self.mask = self.u
        elif t == N.TYPE_IPECT:
            if header != "i":
                return type_error("ip only")
            if self.data not in (N.TYPE_NONE, N.TYPE_INT):
                return type_error("value missing")
            if self.data == N.TYPE_NONE:
                self.mask = 3
                self.u = 0
                self.op_negated = True
            elif mask_dt and mask_dt != N.TYPE_INT:
                return type_error("bad mask")
            if self.set_mask(0x3, 0, pmask if mask_dt else 0, err, warn) < 0:
                return -1
            self.type = N.FIELD_TOS
        elif t == N.TYPE_IPCE:
            if header != "i":
                return type_error("ip only")
            if self.data != N.TYPE_NONE or mask_dt:
                return type_error("value not supported")
            self.mask = 3
            self.u = 3
            self.type = N.FIELD_TOS
        elif t in (N.TYPE_IPFRAG, N.TYPE_IPUNFRAG):
            if header != "i":
                return type_error("ip only")
            if self.data != N.TYPE_NONE or mask_dt:
                return type_error("value not supported")
            if t == N.TYPE_IPUNFRAG:
                self.op_negated = True
            self.mask = 1
            self.type = N.TYPE_IPFRAG
        elif t >= 0 and t & N.TYPE_FIELD:
            if header != "i":
                return type_error("ip only")
            if self.data != N.TYPE_INT and self.data != t:
                return type_error("value missing")
            if mask_dt and mask_dt not in (N.TYPE_INT, t):
                return type_error("bad mask")
            nbits = (t & N.FIELD_LENGTH_MASK) + 1
            xmask = M32 if nbits == 32 else (1 << nbits) - 1
            if self.set_mask(xmask, 0, pmask if mask_dt else 0, err, warn) < 0:
                return -1

        if self.type in (N.TYPE_HOST, N.TYPE_PORT, N.TYPE_ETHER):
            if self.srcdst == 0:
                self.srcdst = SD_OR
        elif old_srcdst:
            warn(f"'{self.unparse_type()}': 'src' or 'dst' ignored")
        return 0

    # ---- compilation into word tests (Click's Primitive::compile) ----

    def _comparison(self, offset: int, shift: int, op_negate: bool,
                    u: int | None = None, mask: int | None = None) -> Expr:
        """Click's ``add_comparison_exprs``: ``field & mask == u`` or ``field & mask > u``
        expanded into masked equality tests on the word at ``offset``."""
        mask = (self.mask if mask is None else mask) & M32
        u = (self.u if u is None else u) & mask
        if self.op == OP_EQ:
            e = atom(offset, (u << shift) & M32, (mask << shift) & M32)
            if self.op_negated and op_negate:
                e = negate_keep_short(e)
            return e
        pieces: list[tuple[Expr, bool]] = []
        while u < mask:
            high_bit = u > (mask >> 1)
            v = (~(u + 1) & mask) if high_bit else u
            fdb = 33 - _ffs_msb(v)
            upper_mask = mask if fdb == 33 else mask & ~((1 << fdb) - 1) & M32
            upper_u = (M32 & upper_mask) if high_bit else 0
            a = atom(offset, (upper_u << shift) & M32, (upper_mask << shift) & M32)
            pieces.append((a if high_bit else negate_keep_short(a), high_bit))
            mask &= ~upper_mask & M32
            u &= mask
        e = pieces[-1][0] if pieces else TRUE
        for piece, high in reversed(pieces[:-1]):
            e = and_(piece, e) if high else or_(piece, e)
        if not pieces:
            e = TRUE  # Click emits no test at all: the empty subtree matches
        if self.op_negated and op_negate:
            e = negate_keep_short(e)
        return e

    def compile(self) -> Expr:
        parts: list[Expr] = []
        if self.transp_proto != UNKNOWN:
            parts.append(_proto_expr(self.transp_proto))
        t = self.type
        if t in (N.TYPE_PORT, N.TYPE_TCPOPT) or (t & N.TYPE_FIELD and t & N.FIELD_PROTO_MASK):
            parts.append(atom(OFFSET_NET + 4, 0, 0x00001FFF))
        srcdst = self.srcdst
        use_src = srcdst in (SD_SRC, SD_AND, SD_OR)
        use_dst = srcdst in (SD_DST, SD_AND, SD_OR)
        combine = or_ if srcdst == SD_OR else and_
        if t == N.TYPE_HOST:
            sub = []
            if use_src:
                sub.append(self._comparison(OFFSET_NET + 12, 0, False))
            if use_dst:
                sub.append(self._comparison(OFFSET_NET + 16, 0, False))
            e = combine(*sub)
            parts.append(negate_keep_short(e) if self.op_negated else e)
        elif t == N.TYPE_ETHER:
            a, m = self.ether, self.ether_mask
            be = int.from_bytes
            sub = []
            if use_src:
                sub.append(and_(
                    self._comparison(OFFSET_MAC + 8, 0, False, be(a[0:4], "big"),
                                     be(m[0:4], "big")),
                    self._comparison(OFFSET_MAC + 12, 0, False, be(a[4:6] + b"\0\0", "big"),
                                     be(m[4:6] + b"\0\0", "big"))))
            if use_dst:
                sub.append(and_(
                    self._comparison(OFFSET_MAC, 0, False, be(b"\0\0" + a[0:2], "big"),
                                     be(b"\0\0" + m[0:2], "big")),
                    self._comparison(OFFSET_MAC + 4, 0, False, be(a[2:6], "big"),
                                     be(m[2:6], "big"))))
            e = combine(*sub)
            parts.append(negate_keep_short(e) if self.op_negated else e)
        elif t == N.TYPE_PROTO:
            if self.transp_proto < 256:
                parts.append(self._comparison(OFFSET_NET + 8, 16, True))
        elif t == N.TYPE_IPFRAG:
            unfrag = atom(OFFSET_NET + 4, 0, 0x00003FFF)
            parts.append(unfrag if self.op_negated else negate_keep_short(unfrag))
        elif t == N.TYPE_PORT:
            sub = []
            if use_src:
                sub.append(self._comparison(OFFSET_TRANSP, 16, False))
            if use_dst:
                sub.append(self._comparison(OFFSET_TRANSP, 0, False))
            e = combine(*sub)
            parts.append(negate_keep_short(e) if self.op_negated else e)
        elif t == N.TYPE_TCPOPT:
            parts.append(atom(OFFSET_TRANSP + 12, (self.u << 16) & M32,
                              (self.mask << 16) & M32))
        elif t & N.TYPE_FIELD:
            offset = (t & N.FIELD_OFFSET_MASK) >> N.FIELD_OFFSET_SHIFT
            length = (t & N.FIELD_LENGTH_MASK) + 1
            word_offset = (offset >> 3) & ~3
            bit_offset = offset & 0x1F
            base = OFFSET_TRANSP if t & N.FIELD_PROTO_MASK else OFFSET_NET
            parts.append(self._comparison(base + word_offset, 32 - (bit_offset + length), True))
        return and_(*parts)


def _proto_expr(proto: int) -> Expr:
    """Click's ``add_exprs_for_proto`` with a full mask."""
    if proto == N.IP_PROTO_TCP_OR_UDP:
        return or_(atom(OFFSET_NET + 8, N.IP_PROTO_TCP << 16, 0x00FF0000),
                   atom(OFFSET_NET + 8, N.IP_PROTO_UDP << 16, 0x00FF0000))
    if proto >= 256:
        return TRUE
    return atom(OFFSET_NET + 8, (proto & 0xFF) << 16, 0x00FF0000)


def separate_text(text: str) -> list[str]:
    """Click's ``separate_text``: split a pattern into words and operators."""
    words: list[str] = []
    pos = 0
    n = len(text)
    while pos < n:
        while pos < n and text[pos].isspace():
            pos += 1
        c = text[pos] if pos < n else "\0"
        nxt = text[pos + 1] if pos + 1 < n else "\0"
        if c in "&|" and nxt == c:
            words.append(text[pos:pos + 2])
            pos += 2
        elif c in "<>!=" and nxt == "=":
            words.append(text[pos:pos + 2])
            pos += 2
        elif c in "&|<>!=()[],;?":
            words.append(c)
            pos += 1
        else:
            first = pos
            while pos < n and (text[pos].isalnum() and text[pos].isascii()
                               or text[pos] in "-./@_:"):
                pos += 1
            if pos == first:
                pos += 1
            words.append(text[first:pos])
    return words


def unquote(text: str) -> str:
    """Click's ``cp_unquote``: remove double quotes (processing backslash escapes) and single
    quotes (literal) wherever they occur."""
    out: list[str] = []
    i = 0
    n = len(text)
    esc = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "a": "\a",
           "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    out.append(esc.get(text[i + 1], text[i + 1]))
                    i += 2
                else:
                    out.append(text[i])
                    i += 1
            i += 1
        elif c == "'":
            j = text.find("'", i + 1)
            j = n if j < 0 else j
            out.append(text[i + 1:j])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


class _Parser:
    """One pattern's parser (Click's ``IPFilter::Parser``)."""

    def __init__(self, words: list[str], diag: Diagnostics, prefix: str,
                 addrs: AddressNames) -> None:
        self.w = words
        self.diag = diag
        self.prefix = prefix
        self.addrs = addrs
        self.prev = Primitive()

    def err(self, msg: str) -> None:
        self.diag.error(self.prefix + msg)

    def warn(self, msg: str) -> None:
        self.diag.warning(self.prefix + msg)

    def word(self, i: int) -> str:
        return self.w[i] if i < len(self.w) else ""

    def parse_expr(self, pos: int) -> tuple[int, Expr | None]:
        parts: list[Expr | None] = []
        pos, e = self.parse_orexpr(pos)
        parts.append(e)
        while pos < len(self.w) and self.w[pos] == "?":
            pos += 1
            last = pos
            pos, e = self.parse_expr(pos)
            parts.append(e)
            if pos == last or pos >= len(self.w) or self.w[pos] != ":":
                self.err("missing ':' in ternary expression")
                break
            pos += 1
            pos, e = self.parse_orexpr(pos)
            parts.append(e)
        return pos, _ternary([p for p in parts if p is not None])

    def parse_orexpr(self, pos: int) -> tuple[int, Expr | None]:
        terms: list[Expr] = []
        pos, e = self.parse_term(pos)
        if e is not None:
            terms.append(e)
        while pos < len(self.w) and self.w[pos] in ("or", "||"):
            pos += 1
            pos, e = self.parse_term(pos)
            if e is not None:
                terms.append(e)
        return pos, (or_(*terms) if terms else None)

    def parse_term(self, pos: int) -> tuple[int, Expr | None]:
        factors: list[Expr] = []
        first = True
        while True:
            last = pos
            pos, e = self.parse_factor(pos, False)
            if e is not None:
                factors.append(e)
            if pos == last:
                if first:
                    self.err("missing expression")
                break
            if pos < len(self.w) and self.w[pos] in ("and", "&&"):
                first = True
                pos += 1
            else:
                first = False
        return pos, (and_(*factors) if factors else None)

    def parse_factor(self, pos: int, negated: bool) -> tuple[int, Expr | None]:
        w = self.word(pos) if pos < len(self.w) else None
        if w in ("not", "!"):
            pos += 1
            last = pos
            pos, e = self.parse_factor(pos, not negated)
            if pos == last:
                self.err(f"missing expression after '{self.w[pos - 1]}'")
            return pos, e
        if w == "(":
            pos += 1
            last = pos
            pos, e = self.parse_expr(pos)
            if pos == last:
                self.err("missing expression after '('")
            if pos < len(self.w) and self.w[pos] == ")":
                pos += 1
            elif pos != last:
                self.err("missing ')'")
            if negated and e is not None:
                e = not_(e)
            return pos, e
        return self.parse_test(pos, negated)

    def parse_brackets(self, prim: Primitive, pos: int) -> int:
        first_pos = pos + 1
        pos += 1
        comb = ""
        while pos < len(self.w) and self.w[pos] != "]":
            comb += self.w[pos]
            pos += 1
        if pos >= len(self.w):
            self.err("missing ']'")
            return first_pos
        pos += 1
        colon, comma = comb.find(":"), comb.find(",")
        fieldpos: int | None = None
        length: int | None = 1
        if 0 <= colon < len(comb) - 1:
            fieldpos, length = parse_int(comb[:colon]), parse_int(comb[colon + 1:])
        elif 0 <= comma < len(comb) - 1:
            fieldpos, pos2 = parse_int(comb[:comma]), parse_int(comb[comma + 1:])
            length = None if fieldpos is None or pos2 is None else pos2 - fieldpos + 1
        else:
            fieldpos = parse_int(comb)
        if fieldpos is None or length is None:
            self.err("syntax error after '[', expected '[POS]' or '[POS:LEN]'")
            return pos
        fieldpos *= 8
        length *= 8
        if length < 1 or length > 32:
            self.err("LEN in '[POS:LEN]' out of range, should be between 1 and 4")
        elif (fieldpos & ~31) != ((fieldpos + length - 1) & ~31):
            self.err(f"field [{fieldpos // 8}:{length // 8}] does not fit in a single word")
        elif fieldpos < 0 or fieldpos > 0xFFFF:
            self.err(f"field [{fieldpos // 8}:{length // 8}] does not fit in a single word")
        else:
            transp = 0 if prim.transp_proto == UNKNOWN else prim.transp_proto
            self.set_type(prim, N.TYPE_FIELD | (transp << N.FIELD_PROTO_SHIFT)
                          | (fieldpos << N.FIELD_OFFSET_SHIFT) | (length - 1))
        return pos

    def set_type(self, prim: Primitive, t: int) -> None:
        if prim.type:
            self.err("type specified twice")
        prim.type = t

    def set_srcdst(self, prim: Primitive, sd: int) -> None:
        if prim.srcdst:
            self.err("'src' or 'dst' specified twice")
        prim.srcdst = sd

    def set_transp_proto(self, prim: Primitive, p: int) -> None:
        if prim.transp_proto != UNKNOWN and prim.transp_proto != p:
            self.err("transport protocol specified twice")
        prim.transp_proto = p

    def ip_arg(self, word: str) -> int | None:
        v = parse_ip(word)
        return v if v is not None else self.addrs.ip(word)

    def prefix_arg(self, word: str) -> tuple[int, int] | None:
        v = parse_ip_prefix(word)
        return v if v is not None else self.addrs.prefix(word)

    def ether_arg(self, word: str) -> bytes | None:
        v = parse_ether(word)
        return v if v is not None else self.addrs.ether(word)

    def parse_test(self, pos: int, negated: bool) -> tuple[int, Expr | None]:
        w = self.w
        n = len(w)
        if pos >= n:
            return pos, None
        first_word = w[pos]
        if first_word in (")", "||", "or", "?", ":"):
            return pos, None
        if first_word in ("true", "false"):
            e = TRUE if first_word == "true" else FALSE
            return pos + 1, (not_(e) if negated else e)

        first_pos = pos
        prim = Primitive()
        header = ""
        while pos < n:
            wd = w[pos]
            wt, wdata = lookup(wd, 0, UNKNOWN, None)
            if wt == N.TYPE_TYPE:
                self.set_type(prim, wdata)
                if wdata & N.TYPE_FIELD and wdata & N.FIELD_PROTO_MASK:
                    self.set_transp_proto(
                        prim, (wdata & N.FIELD_PROTO_MASK) >> N.FIELD_PROTO_SHIFT)
            elif wt == N.TYPE_PROTO:
                self.set_transp_proto(prim, wdata)
            elif wt != -1:
                break
            elif wd == "src":
                if pos < n - 2 and w[pos + 2] in ("dst", "dest"):
                    if w[pos + 1] in ("and", "&&"):
                        self.set_srcdst(prim, SD_AND)
                        pos += 2
                    elif w[pos + 1] in ("or", "||"):
                        self.set_srcdst(prim, SD_OR)
                        pos += 2
                    else:
                        self.set_srcdst(prim, SD_SRC)
                else:
                    self.set_srcdst(prim, SD_SRC)
            elif wd in ("dst", "dest"):
                self.set_srcdst(prim, SD_DST)
            elif wd in ("ip", "ether"):
                if header:
                    break
                header = wd[0]
            elif wd in ("not", "!"):
                negated = not negated
            else:
                break
            pos += 1

        if pos != first_pos:
            self.prev.clear()
        if self.prev.data == N.TYPE_ETHER:
            header = "e"

        wd = w[pos] if pos < n - 1 else ""
        if wd == "[" and pos > first_pos and prim.type == N.TYPE_NONE:
            pos = self.parse_brackets(prim, pos)
            wd = w[pos] if pos < n - 1 else ""

        mask_dt = 0
        pmask = 0
        pmask_ether = bytes(6)
        if wd == "&" and pos < n - 1:
            m = parse_int(w[pos + 1], signed=False)
            if m is not None:
                mask_dt, pmask = N.TYPE_INT, m
                pos += 2
            elif header != "e" and (ip := self.ip_arg(w[pos + 1])) is not None:
                # Click keeps the address in network byte order in an integer union
                mask_dt, pmask = N.TYPE_HOST, _bswap32(ip)
                pos += 2
            elif header != "i" and (eth := self.ether_arg(w[pos + 1])) is not None:
                mask_dt, pmask_ether = N.TYPE_ETHER, eth
                pos += 2
            if mask_dt and mask_dt != N.TYPE_ETHER and not pmask:
                self.err("zero mask ignored")
                mask_dt = 0
            wd = w[pos] if pos < n - 1 else ""

        pos += 1
        if wd in ("=", "=="):
            pass
        elif wd == "!=":
            prim.op_negated = True
        elif wd == ">":
            prim.op = OP_GT
        elif wd == "<":
            prim.op = OP_LT
        elif wd == ">=":
            prim.op, prim.op_negated = OP_LT, True
        elif wd == "<=":
            prim.op, prim.op_negated = OP_GT, True
        else:
            pos -= 1

        if pos < n:
            wd = w[pos]
            wt, wdata = lookup(wd, prim.type, prim.transp_proto, self.err)
            pos += 1
            if wt == -2:
                prim.type = -2
            elif wt not in (-1, N.TYPE_TYPE):
                prim.data = wt
                prim.u = wdata & M32
            elif (iv := parse_int(wd, signed=True)) is not None:
                prim.data = N.TYPE_INT
                prim.u = iv & M32
            elif header != "e" and (ip := self.ip_arg(wd)) is not None:
                prim.u = ip
                mk = self.ip_arg(w[pos + 1]) if pos < n - 1 and w[pos] == "mask" else None
                pfx = self.prefix_arg(wd) if prim.type == N.TYPE_NET else None
                if mk is not None:
                    pos += 2
                    prim.data, prim.mask = N.TYPE_NET, mk
                elif pfx is not None:
                    prim.data, (prim.u, prim.mask) = N.TYPE_NET, pfx
                else:
                    prim.data = N.TYPE_HOST
            elif header != "e" and (pfx := self.prefix_arg(wd)) is not None:
                prim.data, (prim.u, prim.mask) = N.TYPE_NET, pfx
            elif header != "i" and (eth := self.ether_arg(wd)) is not None:
                prim.data, prim.ether = N.TYPE_ETHER, eth
            else:
                if prim.op != OP_EQ or prim.op_negated:
                    self.err(f"dangling operator near '{wd}'")
                pos -= 1

        if pos == first_pos:
            self.err(f"empty term near '{wd}'")
            return pos, None

        if prim.check(self.prev, header, mask_dt, pmask, pmask_ether, self.err, self.warn) >= 0:
            e = prim.compile()
            if negated:
                e = not_(e)
            self.prev = replace(prim)
            return pos, e
        return pos, None


def _ternary(parts: list[Expr]) -> Expr | None:
    """Combine ``a ? b : c ? d : e`` parts as Click's ``c_ternary`` does."""
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return and_(parts[0], parts[1])
    rest = _ternary(parts[2:])
    assert rest is not None
    return ite(parts[0], parts[1], rest)


def parse_ipfilter(conf: list[str], noutputs: int, addrs: AddressNames | None = None,
                   space_note: str = "ip") -> tuple[RuleSet, Diagnostics]:
    """Parse IPFilter's configuration: ``ACTION PATTERN`` per argument (ACTION is ``allow``
    (output 0), ``deny``/``drop``, or an output number).  Returns the rule set (drop = -1) and
    Click's diagnostics.  Arguments are raw configuration text (quotes are removed here, as
    Click's ``cp_unquote``)."""
    diag = Diagnostics()
    addrs = addrs or AddressNames()
    rules: list[Rule] = []
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20000))
    try:
        for argno, text in enumerate(conf):
            words = separate_text(unquote(text))
            if not words:
                diag.error(f"empty pattern {argno}")
                continue
            prefix = f"pattern {argno}: "
            slot = DROP
            slotwd = words[0]
            if slotwd == "allow":
                slot = 0
                if noutputs == 0:
                    diag.error(prefix + "'allow' is meaningless, element has zero outputs")
            elif slotwd in ("deny", "drop"):
                pass
            elif (sv := parse_int(slotwd, signed=True)) is not None:
                slot = sv
                if slot < 0 or slot >= noutputs:
                    diag.error(prefix + f"slot '{slot}' out of range")
                    slot = DROP
            else:
                diag.error(prefix + f"unknown slot ID '{slotwd}'")
            if len(words) == 1 or (len(words) == 2 and words[1] in ("-", "any", "all")):
                e: Expr | None = TRUE
            else:
                parser = _Parser(words, diag, prefix, addrs)
                try:
                    pos, e = parser.parse_expr(1)
                except RecursionError:
                    diag.error(prefix + "pattern nested too deeply")
                    continue
                if pos < len(words):
                    diag.error(prefix + f"garbage after expression at '{words[pos]}'")
            rules.append(Rule(e if e is not None else FALSE, slot, text))
    finally:
        sys.setrecursionlimit(old_limit)
    return RuleSet(space_note, rules, noutputs), diag


def parse_ipclassifier(conf: list[str], noutputs: int | None = None,
                       addrs: AddressNames | None = None) -> tuple[RuleSet, Diagnostics]:
    """Parse IPClassifier's configuration (pattern i sends to output i), as Click's
    IPClassifier::configure does by prefixing each pattern with its output number."""
    if noutputs is None:
        noutputs = len(conf)
    if len(conf) != noutputs:
        diag = Diagnostics()
        diag.error(f"need {noutputs} arguments, one per output port")
        return RuleSet("ip", [], noutputs), diag
    rs, diag = parse_ipfilter([f"{i} {c}" for i, c in enumerate(conf)], noutputs, addrs)
    for r, c in zip(rs.rules, conf, strict=False):
        r.text = c
    return rs, diag
