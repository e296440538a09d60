"""AggregateIP: Sets each packet's aggregate annotation to a field of its IP header, transport
header or payload (``ip src/8``, ``tcp dport``, ``ip[8:2] & 0x3F0``...); packets without the
field go to output 1, or are dropped.

Facts from Click's elements/analysis/aggregateip.hh and .cc; the field syntax and names are
those of Click's IPFieldInfo (elements/ip/ipfieldinfo.hh and .cc).
"""

from __future__ import annotations

import re
from typing import Any

from clickc.args.names import IP_PROTOS
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph

#: Click's pseudo-protocols of IP fields (IPNameInfo's numbers).
TCP_OR_UDP, TRANSP, PAYLOAD = 256, 258, 259

#: Field names per header protocol: (protocol of the field, bit offset, bit length).
FIELDS: dict[int, dict[str, tuple[int, int, int]]] = {
    0: {"vers": (0, 0, 4), "hl": (0, 4, 4), "tos": (0, 8, 8), "dscp": (0, 8, 6),
        "ecn": (0, 14, 2), "len": (0, 16, 16), "id": (0, 32, 16), "off": (0, 48, 16),
        "rf": (0, 48, 1), "df": (0, 49, 1), "mf": (0, 50, 1), "fragoff": (0, 51, 13),
        "ttl": (0, 64, 8), "proto": (0, 72, 8), "sum": (0, 80, 16), "src": (0, 96, 32),
        "dst": (0, 128, 32), "sport": (TCP_OR_UDP, 0, 16), "dport": (TCP_OR_UDP, 16, 16)},
    1: {"type": (1, 0, 8), "code": (1, 8, 8), "sum": (1, 16, 16)},
    6: {"sport": (6, 0, 16), "dport": (6, 16, 16), "seq": (6, 32, 32), "seqno": (6, 32, 32),
        "ackno": (6, 64, 32), "hl": (6, 96, 4), "flags": (6, 104, 8), "urg": (6, 106, 1),
        "ack": (6, 107, 1), "psh": (6, 108, 1), "push": (6, 108, 1), "rst": (6, 109, 1),
        "syn": (6, 110, 1), "fin": (6, 111, 1), "win": (6, 112, 16), "sum": (6, 128, 16),
        "urp": (6, 144, 16)},
    17: {"sport": (17, 0, 16), "dport": (17, 16, 16), "len": (17, 32, 16),
         "sum": (17, 48, 16)},
    TCP_OR_UDP: {"sport": (TCP_OR_UDP, 0, 16), "dport": (TCP_OR_UDP, 16, 16)},
}

_MESSAGES = ("expected 'HEADER [NAME] [{OFFSET:LENGTH}] [/PREFIX] [& MASK]'",
             "bad offset or length in TCP/IP field",
             "bad prefix or mask in TCP/IP field")
_INT = r"([0-9][0-9a-fA-Fx]*)"
_LIMITS = (  # (pattern, unit bits, kind: one / length / range)
    (re.compile(r"\s*\[\s*" + _INT + r"\s*\]"), 8, "one"),
    (re.compile(r"\s*\[\s*" + _INT + r"\s*:\s*" + _INT + r"\s*\]"), 8, "len"),
    (re.compile(r"\s*\[\s*" + _INT + r"\s*-\s*" + _INT + r"\s*\]"), 8, "range"),
    (re.compile(r"\s*\{\s*" + _INT + r"\s*\}"), 1, "one"),
    (re.compile(r"\s*\{\s*" + _INT + r"\s*:\s*" + _INT + r"\s*\}"), 1, "len"),
    (re.compile(r"\s*\{\s*" + _INT + r"\s*-\s*" + _INT + r"\s*\}"), 1, "range"),
)


class FieldError(Exception):
    """A field specification Click's IPField::parse refuses (its message)."""


def _uint(text: str) -> int:
    v = parse_int(text, signed=False)
    if v is None:
        raise FieldError(_MESSAGES[0])
    return v


def parse_field(text: str) -> tuple[tuple[int, int, int], str]:
    """Click's ``IPField::parse`` with no default protocol: ``(proto, bit offset, bit length)``
    and the text left after the specification.  Raises FieldError with Click's message."""
    s = text.lstrip()
    if m := re.match(r"ip\s+proto\s*" + _INT, s):
        header = _uint(m.group(1))
    elif m := re.match(r"ip(?![A-Za-z0-9_])", s):
        header = 0
    elif (m := re.match(r"\S+", s)) and m.group(0) in IP_PROTOS:
        header = IP_PROTOS[m.group(0)]
    else:
        raise FieldError(_MESSAGES[0])
    rest = s[m.end():]
    field: tuple[int, int, int] | None = None
    if (n := re.match(r"\s*([^\s/\[{&]+)", rest)) and n.group(1) in FIELDS.get(header, {}):
        field = FIELDS[header][n.group(1)]
        rest = rest[n.end():]
    offset = length = -1
    for pat, unit, kind in _LIMITS:
        if lm := pat.match(rest):
            a = _uint(lm.group(1))
            b = _uint(lm.group(2)) if kind != "one" else 0
            offset = a * unit
            length = unit if kind == "one" else b * unit if kind == "len" else (b - a + 1) * unit
            rest = rest[lm.end():]
            break
    else:
        if field is None:
            raise FieldError(_MESSAGES[0])
    if offset >= 0 and length <= 0:
        raise FieldError(_MESSAGES[1])
    if field is not None and offset >= 0:
        if offset >= field[2] or offset + length > field[2]:
            raise FieldError(_MESSAGES[1])
        field = (field[0], field[1] + offset, length)
    elif offset >= 0:
        field = (header, offset, length)
    assert field is not None
    if pm := re.match(r"\s*/\s*" + _INT, rest):
        prefix = _uint(pm.group(1))
        if prefix > field[2]:
            raise FieldError(_MESSAGES[2])
        field = (field[0], field[1], prefix)
        rest = rest[pm.end():]
    if mm := re.match(r"\s*&\s*" + _INT, rest):
        mask = _uint(mm.group(1))
        if mask == 0:
            raise FieldError(_MESSAGES[2])
        low = (mask & -mask).bit_length() - 1
        top = mask + (1 << low)
        msb = (top & -top).bit_length() - 1 if top & 0xFFFFFFFF else 32
        if (top & (top - 1)) & 0xFFFFFFFF or msb > field[2]:
            raise FieldError(_MESSAGES[2])
        field = (field[0], field[1] + field[2] - msb, msb - low)
        rest = rest[mm.end():]
    return field, rest


def unparse_field(field: tuple[int, int, int]) -> str:
    """Click's ``IPField::unparse`` (not tcpdump rules): the header's name, then the field's
    name, a named container and a prefix, or a byte or bit range."""
    proto, bo, bl = field
    names = {v: k for k, v in IP_PROTOS.items()}
    head = "ip" if proto == 0 else names.get(proto, f"ip proto {proto}")
    table = FIELDS.get(proto, {})
    for name, f in table.items():
        if f == field:
            return f"{head} {name}"
    container = 8
    while container < 64:
        if bo // container == (bo + bl - 1) // container:
            x = (proto, bo & ~(container - 1), container)
            named = [n for n, f in table.items() if f == x]
            if named:
                head += " " + named[0]
                bo &= container - 1
                if bo == 0:
                    return f"{head}/{bl}"
                break
        container *= 2
    if bo % 8 == 0 and bl == 8:
        return f"{head}[{bo // 8}]"
    if bo % 8 == 0 and bl % 8 == 0:
        return f"{head}[{bo // 8}:{bl // 8}]"
    if bl == 1:
        return f"{head}{{{bo}}}"
    return f"{head}{{{bo}:{bl}}}"


def aggregate_ip(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """AggregateIP::configure: parse FIELD, check that it fits one 32-bit word (and INCREMENTAL
    with it), and emit the word's byte offset, shift and mask, the header kind and the
    handlers' texts for the C file (``ELEM(...)`` constants)."""
    del graph
    text = str(args.get("FIELD") or "")
    try:
        (proto, bo, bl), rest = parse_field(text)
    except FieldError as e:
        ctx.error(str(e))
        return
    if rest.strip():
        ctx.error("garbage after field specification")
        return
    right = bo + bl - 1
    if bo // 32 != right // 32:
        ctx.error("field specification does not fit within a single word")
        return
    if bl > 32:
        ctx.error("field length too large, max 32")
        return
    if bl == 32 and args.get("INCREMENTAL"):
        ctx.error("'INCREMENTAL' is incompatible with field length 32")
        return
    mask = 0xFFFFFFFF if bl == 32 else (1 << bl) - 1
    if not args.get("UNSHIFT_IP_ADDR") or proto != 0 or bo < 96 or bo >= 160:
        shift = 31 - right % 32
    else:
        mask = (mask << (31 - right % 32)) & 0xFFFFFFFF
        shift = 0
    header = {v: k for k, v in IP_PROTOS.items()}.get(proto, str(proto))
    element.facts.c_code = (
        f"enum {{ ELEM(proto) = {proto}, ELEM(word) = {bo // 32 * 4}, ELEM(shift) = {shift}, "
        f"ELEM(bit_offset) = {bo}, ELEM(bit_length) = {bl} }};\n"
        f"static const uint32_t ELEM(mask) = {mask}u;\n"
        f"static const char ELEM(header_text)[] = \"{header}\";\n"
        f"static const char ELEM(field_text)[] = \"{unparse_field((proto, bo, bl))}\";\n")


SPEC = ElementSpec('AggregateIP', '1/1-2', 'a/ah',
    args=(
        Arg('FIELD', 'anything', positional=True, required=True,
            doc="the field: 'ip src', 'tcp dport', 'ip[8:2]', 'transp{4-7}', with '/PREFIX' or "
                "'& MASK'"),
        Arg('INCREMENTAL', 'bool', default=False,
            doc='aggregate = old aggregate * 2^(field bits) + field'),
        Arg('UNSHIFT_IP_ADDR', 'bool', default=False,
            doc='a field within an IP address keeps its place in the address'),
    ),
    handlers=(
        Handler('header', doc="the field's protocol name (tcp, udp, tcpudp, transp, payload) or "
                              "number (0: IP header)"),
        Handler('bit_offset', doc='offset of the field in bits'),
        Handler('bit_length', doc='length of the field in bits'),
        Handler('field', doc='the field, as Click unparses it'),
    ),
    validate=aggregate_ip,
    state='none',
    header_delta=0,
)
