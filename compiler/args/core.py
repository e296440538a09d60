"""Argument parsing for element configurations with Click's ``Args`` rules.

:func:`parse_args` does for an element spec what an element's ``configure`` does in Click with
``Args(conf, this, errh).read_mp(...).read_p(...).read(...).complete()``: split the configuration
at commas (:func:`cp_argvec`), hand arguments to the spec's arguments in spec order, parse each
value with the argument type's parser (:func:`parse_value`) and report every problem with Click's
wording.  Source: ``Args::reset_from``, ``Args::find``, ``Args::check_complete`` in Click's
lib/args.cc.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import ErrorHandler, Landmark
from . import addresses as A
from . import numbers as N
from .flowcode import flow
from .lexing import (
    cp_argvec,
    cp_shift_spacevec,
    cp_spacevec,
    is_word,
    keyword_length,
    parse_keyword,
    parse_string,
    parse_word,
)
from .names import ENCAPS, ICMP_CODES, ICMP_TYPES, IP_PROTOS, PORTS
from .values import (
    Bandwidth,
    ElementRef,
    EtherAddress,
    HandlerRef,
    IP6Address,
    IP6Prefix,
    IPAddress,
    IPPrefix,
    Time,
)

if TYPE_CHECKING:
    from clickc.elements.spec import ElementSpec

    from ..ir import RouterGraph

T = TypeVar("T")

class ArgError(Exception):
    """A value that does not parse.  ``message`` is Click's text without the ``KEYWORD: ``
    prefix (``"parse error"`` when Click has nothing more specific).  ``element_level`` marks a
    check Click's element makes after ``Args::complete`` succeeded (reported unprefixed, e.g.
    "bad encapsulation type")."""

    def __init__(self, message: str = "parse error", element_level: bool = False,
                 then_parse_error: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.element_level = element_level
        #: Click also prints "NAME: parse error" after the message (parsers such as
        #: HandlerCallArg report through their own error handler, so Args adds its own).
        self.then_parse_error = then_parse_error


@dataclass
class ArgContext:
    """What argument parsing needs to know about the element being configured.

    element: the element's flat name (compound prefix included, ``c/x``); class_name: its class;
    landmark: where it was declared (the "While configuring" line's location); graph: the router,
    for element references (None: references are not checked and get index -1); addressinfo:
    the AddressInfo names (see :func:`collect_addressinfo`); parsed: values of the arguments
    parsed so far, for types that depend on an earlier argument (``icmp_code`` uses ``TYPE``).
    """

    element: Any = ""
    class_name: str = ""
    landmark: Landmark | None = None
    graph: RouterGraph | None = None
    addressinfo: A.AddressInfoDB | None = None
    parsed: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # ``element`` may be given as the IR Element itself: take its name, class and landmark.
        el = self.element
        if not isinstance(el, str):
            self.element = str(getattr(el, "name", ""))
            self.class_name = self.class_name or str(getattr(el, "class_name", ""))
            if self.landmark is None:
                self.landmark = getattr(el, "landmark", None)
        if self.addressinfo is None and self.graph is not None:
            self.addressinfo = addressinfo_of(self.graph)

    @classmethod
    def of(cls, ctx: Any) -> ArgContext:
        """``ctx`` itself, or an ArgContext built from any object with some of the attributes
        ``element`` (name or Element), ``class_name``, ``landmark``, ``graph``."""
        if isinstance(ctx, ArgContext):
            return ctx
        return cls(element=getattr(ctx, "element", ""),
                   class_name=str(getattr(ctx, "class_name", "") or ""),
                   landmark=getattr(ctx, "landmark", None), graph=getattr(ctx, "graph", None))

    def names(self) -> A.NameContext:
        """The AddressInfo lookup context of this element."""
        return A.NameContext(self.addressinfo, self.element)

    def context_line(self) -> str:
        """Click's configure-error context: ``While configuring 'NAME :: CLASS':``."""
        return f"While configuring '{self.element} :: {self.class_name}':"


_ADDRESSINFO_CACHE: weakref.WeakKeyDictionary[Any, tuple[tuple[int, int, int],
                                                         A.AddressInfoDB]] = \
    weakref.WeakKeyDictionary()


def addressinfo_of(graph: RouterGraph) -> A.AddressInfoDB:
    """The AddressInfo names of ``graph``, built silently (:func:`collect_addressinfo` is the
    reporting variant).  Cached per graph until elements are added or removed, so configuring
    every element of a large router stays linear; call :func:`collect_addressinfo` again after
    editing an AddressInfo configuration in place."""
    sig = (id(graph), len(graph), int(getattr(graph, "_next_index", 0)))
    hit = _ADDRESSINFO_CACHE.get(graph)
    if hit is not None and hit[0] == sig:
        return hit[1]
    db = collect_addressinfo(graph, ErrorHandler())
    _ADDRESSINFO_CACHE[graph] = (sig, db)
    return db


# -- value parsers ------------------------------------------------------------------------------

def _num(f: Callable[[], Any]) -> Any:
    try:
        return f()
    except N.NumError as e:
        raise ArgError(e.message or "parse error") from None


def _int_parser(bits: int, signed: bool) -> Callable[[str, ArgContext], Any]:
    def parse(text: str, ctx: ArgContext) -> int:
        return int(_num(lambda: N.parse_int(text, bits, signed)))
    return parse


def _named_int(table: dict[str, int]) -> Callable[[str, ArgContext], Any]:
    """Click's NamedIntArg: a name of ``table`` or an int32 (IntArg)."""
    def parse(text: str, ctx: ArgContext) -> int:
        if text in table:
            return table[text]
        return int(_num(lambda: N.parse_int(text, 32, True)))
    return parse


def _p_bool(text: str, ctx: ArgContext) -> bool:
    return bool(_num(lambda: N.parse_bool(text)))


def _p_real(text: str, ctx: ArgContext) -> float:
    return float(_num(lambda: N.parse_double_safe(text)))


def _fixed(bits: int) -> Callable[[str, ArgContext], Any]:
    def parse(text: str, ctx: ArgContext) -> int:
        return int(_num(lambda: N.parse_fixed(text, bits)))
    return parse


def _seconds(digits: int) -> Callable[[str, ArgContext], Any]:
    def parse(text: str, ctx: ArgContext) -> int:
        return int(_num(lambda: N.parse_seconds(text, digits)))
    return parse


def _p_time(text: str, ctx: ArgContext) -> Time:
    return Time(int(_num(lambda: N.parse_timestamp(text))))


def _p_time_signed(text: str, ctx: ArgContext) -> Time:
    return Time(int(_num(lambda: N.parse_timestamp(text, True))))


def _p_bandwidth(text: str, ctx: ArgContext) -> Bandwidth:
    v, has_unit = _num(lambda: N.parse_bandwidth(text))
    return Bandwidth(int(v), unitless=not has_unit and v != 0)


def _parsed(v: T | None) -> T:
    """``v``, the value of a Click ``basic_parse``/``cp_*`` function; its failure (None) is a
    parse error without a message of its own (ArgError)."""
    if v is None:
        raise ArgError()
    return v


def _p_ip(text: str, ctx: ArgContext) -> IPAddress:
    return IPAddress(_parsed(A.parse_ip(text, ctx.names())))


def _prefix(bare: bool, v6: bool = False) -> Callable[[str, ArgContext], Any]:
    """The parser of IPPrefixArg (IP6PrefixArg when ``v6``); ``bare``: a bare address is a
    whole-length prefix (``allow_bare_address``)."""
    def parse(text: str, ctx: ArgContext) -> IPPrefix | IP6Prefix:
        if v6:
            return IP6Prefix(*_parsed(A.parse_ip6_prefix(text, ctx.names(), bare)))
        return IPPrefix(*_parsed(A.parse_ip_prefix(text, ctx.names(), bare)))
    return parse


def _p_ip6(text: str, ctx: ArgContext) -> IP6Address:
    return IP6Address(_parsed(A.parse_ip6(text, ctx.names())))


def _p_ether(text: str, ctx: ArgContext) -> EtherAddress:
    return EtherAddress(_parsed(A.parse_ether(text, ctx.names())))


def _p_string(text: str, ctx: ArgContext) -> bytes:
    return _parsed(parse_string(text))


def _p_word(text: str, ctx: ArgContext) -> str:
    return _parsed(parse_word(text))


def _p_keyword(text: str, ctx: ArgContext) -> str:
    return _parsed(parse_keyword(text))


def _p_anything(text: str, ctx: ArgContext) -> str:
    return text


def _p_filename(text: str, ctx: ArgContext) -> str:
    """FilenameArg: a non-empty string; doubled slashes collapse.  ``~`` is left for run time."""
    v = parse_string(text)
    if not v:
        raise ArgError()
    s = v.decode("utf-8", "surrogateescape")
    while "//" in s:
        s = s.replace("//", "/")
    return s


def find_element(graph: RouterGraph, name: str, context: str) -> str | None:
    """Click's ``Router::find(name, context)``: try ``name`` inside the context element's
    compound (``a/b/name``), then each enclosing compound, then at top level."""
    slash = context.rfind("/")
    prefix = context[:slash + 1] if slash >= 0 else ""
    while True:
        if prefix + name in graph:
            return prefix + name
        if not prefix:
            return None
        slash = prefix.rfind("/", 0, len(prefix) - 1)
        prefix = prefix[:slash + 1] if slash >= 0 else ""


def _p_element(text: str, ctx: ArgContext) -> ElementRef:
    if ctx.graph is None:
        return ElementRef(text, -1)
    found = find_element(ctx.graph, text, ctx.element)
    if found is None:
        raise ArgError("does not name an element")
    return ElementRef(found, ctx.graph.element(found).index)


def _p_handler(text: str, ctx: ArgContext) -> HandlerRef:
    """Click's HandlerCallArg at configure time (``cp_handler_name``): the first word is
    ``ELEMENT.HANDLER`` (the element part ends at the first dot and is looked up like an
    element reference), ``.HANDLER`` or ``HANDLER`` for a global handler; the rest of the text
    is the handler's value.  Errors: ``syntax error`` (empty, or ending in a dot), ``no element
    named 'X'``, each followed by Click's ``parse error`` line.  Whether the handler exists
    is checked later, as in Click."""
    word, rest = cp_shift_spacevec(text)
    v = parse_string(word) if word else None
    if not v:
        raise ArgError("syntax error", then_parse_error=True)
    s = v.decode("utf-8", "surrogateescape")
    dot = s.find(".")
    if dot == 0:
        return HandlerRef("", s[1:], rest)
    if dot == len(s) - 1:
        raise ArgError("syntax error", then_parse_error=True)
    if dot < 0:
        return HandlerRef("", s, rest)
    ename = s[:dot]
    if ctx.graph is None:
        return HandlerRef(ename, s[dot + 1:], rest)
    found = find_element(ctx.graph, ename, ctx.element)
    if found is None:
        raise ArgError(f"no element named '{ename}'", then_parse_error=True)
    return HandlerRef(found, s[dot + 1:], rest)


def _port_parser(kinds: tuple[str, ...]) -> Callable[[str, ArgContext], int]:
    """IPPortArg for the protocols whose PortInfo names ``kinds`` (NameEntry fields) holds."""
    return lambda text, ctx: _p_port(text, ctx, kinds)


def _p_port(text: str, ctx: ArgContext, kinds: tuple[str, ...] = ("tcp_port", "udp_port")
            ) -> int:
    """IPPortArg: a PortInfo name defined for one of ``kinds`` (the innermost visible), a
    well-known port name, or an unsigned number, at most 65535."""
    names = ctx.names()
    for kind in kinds:
        found = names.get(text, kind)
        if isinstance(found, int):
            return found
    if text in PORTS:
        return PORTS[text]
    try:
        v = N.parse_int(text, 32, False)
    except N.NumError as e:
        # NameInfo::query_int uses IntArg without an error context: no specific message.
        del e
        raise ArgError() from None
    if v > 0xFFFF:
        raise ArgError("overflow, range 0-65535")
    return v


def _p_encap(text: str, ctx: ArgContext) -> str:
    """A pcap encapsulation name (``ETHER``, ``IP``, ...) or ``#N``; the value is the name."""
    w = _parsed(parse_word(text))
    if w in ENCAPS:
        return w
    if len(w) >= 2 and w[0] == "#":
        try:
            if N.parse_int(w[1:], 32, False) < 0x7FFFFFFF:
                return w
        except N.NumError:
            pass
    raise ArgError("bad encapsulation type", element_level=True)


def _p_icmp_code(text: str, ctx: ArgContext) -> int:
    """An ICMP code, by name for the ICMP type parsed before as ``TYPE``, or a number 0-255."""
    t = ctx.parsed.get("TYPE")
    table = ICMP_CODES.get(t, {}) if isinstance(t, int) else {}
    w = parse_word(text)
    if w is not None and w in table:
        return table[w]
    try:
        v = N.parse_int(w if w is not None else text, 32, True)
    except N.NumError:
        v = -1
    if not 0 <= v <= 255:
        raise ArgError("argument 2 takes ICMP code (integer between 0 and 255)",
                       element_level=True)
    return v


_ANNOTATIONS: dict[str, tuple[int, int]] = {
    # name: (offset, size) -- Click's annotation_entries (lib/nameinfo.cc, packet_anno.hh)
    "AGGREGATE": (20, 4), "DST_IP": (0, 4), "DST_IP6": (0, 16), "EXTRA_LENGTH": (28, 4),
    "EXTRA_PACKETS": (24, 4), "FIRST_TIMESTAMP": (32, 8), "FIX_IP_SRC": (19, 1),
    "FWD_RATE": (20, 4), "ICMP_PARAMPROB": (17, 1), "IPREASSEMBLER": (28, 4),
    "IPSEC_SPI": (32, 4), "MISC_IP": (20, 4), "PACKET_NUMBER": (32, 4), "PAINT": (16, 1),
    "PERFCTR": (40, 8), "REV_RATE": (24, 4), "SEQUENCE_NUMBER": (36, 4), "VLAN": (20, 2),
    "VLAN_TCI": (20, 2), "WIFI_EXTRA": (16, 24),
}
ANNO_SIZE = 48


def anno_value(text: str, names: A.NameContext | None = None) -> tuple[int, int] | None:
    """Click's ``cp_anno``: (offset, size) of an annotation name (Click's table, then the
    AnnotationInfo names visible through ``names``) or of an integer (offset in its low 16 bits,
    size in the next 16; size 0: unknown); None when ``text`` is neither."""
    if text in _ANNOTATIONS:
        return _ANNOTATIONS[text]
    found = names.get(text, "anno") if names is not None else None
    if isinstance(found, tuple):
        return found[0], found[1]
    try:
        off = N.parse_int(text, 32, True)
    except N.NumError:
        return None
    return off & 0xFFFF, (off >> 16) & 0xFFFF


def _anno(size: int) -> Callable[[str, ArgContext], Any]:
    """Click's AnnoArg(size): an annotation name (Click's or an AnnotationInfo's) or a byte
    offset; the value is the offset.

    With a size, a name must have that size and the field must fit in the 48-byte area.
    Offsets need not be aligned: Click checks alignment only on hosts without
    HAVE_INDIFFERENT_ALIGNMENT, and x86 (the recorded build) has it (``ANNO 17`` is accepted
    for a 4-byte annotation)."""
    def parse(text: str, ctx: ArgContext) -> int:
        found = anno_value(text, ctx.names())
        if found is None:
            raise ArgError()
        off, asize = found
        if size > 0:
            if asize and asize != size:
                raise ArgError()
            if off + size > ANNO_SIZE:
                raise ArgError()
        elif off >= ANNO_SIZE:
            raise ArgError()
        return off
    return parse


def define_annotationinfo_arg(arg: str, element: str, db: A.AddressInfoDB) -> list[str]:
    """Apply one AnnotationInfo argument ``NAME OFFSET [SIZE]`` (Click's
    AnnotationInfo::configure, elements/standard/annotationinfo.cc): NAME, a word that is not
    already an annotation name or a number, names the SIZE bytes (0: unknown size) at OFFSET
    (a number or an annotation name; a named OFFSET's size must agree) of the 48-byte
    annotation area.  Empty arguments, comments (``#``) and ``CHECK_OVERLAP`` arguments
    (:func:`check_annotation_overlap`) define nothing.  Returns Click's error messages."""
    name, rest = cp_shift_spacevec(arg)
    if not name or name.startswith("#") or name == "CHECK_OVERLAP":
        return []
    offset_text, rest = cp_shift_spacevec(rest)
    size_text, rest = cp_shift_spacevec(rest)
    if not is_word(name.encode("latin-1")) or anno_value(name) is not None:
        return [f"bad NAME '{name}'"]
    found = anno_value(offset_text, A.NameContext(db, element))
    size = 0
    if size_text:
        try:
            size = N.parse_int(size_text, 32, True)
        except N.NumError:
            size = -1
    if (found is None or size < 0 or found[0] + size > ANNO_SIZE
            or (size and found[1] and size != found[1]) or rest):
        return [f"bad entry for '{name}'"]
    db.define(element, name, "anno", (found[0], size))
    return []


def check_annotation_overlap(arg: str, element: str, db: A.AddressInfoDB) -> list[str]:
    """AnnotationInfo's ``CHECK_OVERLAP ANNO...`` argument (Click's AnnotationInfo::initialize):
    an error for each unknown ANNO and for each pair of the named annotations whose bytes
    overlap (an annotation of unknown size counts as one byte).  Other arguments: no
    messages."""
    words = cp_spacevec(arg)
    if not words or words[0] != "CHECK_OVERLAP":
        return []
    nc = A.NameContext(db, element)
    errors: list[str] = []
    spans: list[tuple[str, int, int] | None] = []
    for w in words[1:]:
        found = anno_value(w, nc)
        if found is None:
            errors.append(f"bad ANNO '{w}'")
        spans.append(None if found is None else (w, found[0], max(found[1], 1)))
    for i, a in enumerate(spans):
        for b in spans[i + 1:]:
            if a is not None and b is not None and a[1] < b[1] + b[2] and b[1] < a[1] + a[2]:
                errors.append(f"annotations '{a[0]}' and '{b[0]}' conflict")
    return errors


def _p_dscp(text: str, ctx: ArgContext) -> int:
    """SetIPDSCP's DSCP: an unsigned integer, then "diffserv code point out of range" above 63."""
    v = int(_num(lambda: N.parse_int(text, 32, False)))
    if v > 0x3F:
        raise ArgError("diffserv code point out of range", element_level=True)
    return v


def _p_words(text: str, ctx: ArgContext) -> list[str]:
    """Space-separated words kept as text (quotes not removed), Click's ``cp_spacevec``."""
    return cp_spacevec(text)


def _p_iplist(text: str, ctx: ArgContext) -> list[IPAddress]:
    return [_p_ip(w, ctx) for w in cp_spacevec(text)]


def _p_interfaces(text: str, ctx: ArgContext) -> list[IPPrefix]:
    """CheckIPHeader's InterfacesArg: space-separated ``addr/prefix`` (bare addresses allowed)."""
    bare = _prefix(True)
    return [bare(w, ctx) for w in cp_spacevec(text)]


#: One parser per argument type name (see ``clickc.elements.spec.ARG_TYPES``).
PARSERS: dict[str, Callable[[str, ArgContext], Any]] = {
    "bool": _p_bool,
    "int": _int_parser(32, True),
    "unsigned": _int_parser(32, False),
    "int64": _int_parser(64, True),
    "unsigned64": _int_parser(64, False),
    "byte": _int_parser(8, False),
    "int8": _int_parser(8, True),
    "uint16": _int_parser(16, False),
    "int16": _int_parser(16, True),
    "real": _p_real,
    "fixed": _fixed(16),
    "fixed16": _fixed(16),
    "fixed28": _fixed(28),
    "time": _p_time,
    "time_signed": _p_time_signed,
    "seconds": _seconds(0),
    "milliseconds": _seconds(3),
    "microseconds": _seconds(6),
    "bandwidth": _p_bandwidth,
    "ip": _p_ip,
    "ipprefix": _prefix(False),
    "ipprefix_or_addr": _prefix(True),
    "ip6": _p_ip6,
    "ip6prefix": _prefix(False, v6=True),
    "ip6prefix_or_addr": _prefix(True, v6=True),
    "ether": _p_ether,
    "string": _p_string,
    "word": _p_word,
    "keyword": _p_keyword,
    "anything": _p_anything,
    "element": _p_element,
    "handler": _p_handler,
    "filename": _p_filename,
    "ethertype": _int_parser(16, False),
    "ipproto": _named_int(IP_PROTOS),
    "icmp_type": _named_int(ICMP_TYPES),
    "icmp_code": _p_icmp_code,
    "port": _p_port,
    "tcp_port": _port_parser(("tcp_port",)),
    "udp_port": _port_parser(("udp_port",)),
    "encap": _p_encap,
    "anno": _anno(0),
    "anno1": _anno(1),
    "anno2": _anno(2),
    "anno4": _anno(4),
    "anno8": _anno(8),
    "dscp": _p_dscp,
    "iplist": _p_iplist,
    "words": _p_words,
    "interfaces": _p_interfaces,
}


def parse_value(type_name: str, text: str, ctx: ArgContext | None = None) -> Any:
    """Parse one argument value (the text after the keyword) as ``type_name``.

    ``type_name`` is a key of :data:`PARSERS`, or ``"T list"`` for a space-separated list of
    ``T`` values (Click's ``Vector<T>`` arguments, e.g. ``"ip list"``; an empty text is an empty
    list).  Returns the typed value (see docs/config-arguments.md); raises :class:`ArgError` for
    bad text and ``KeyError`` for an unknown type name.
    """
    c = ctx if ctx is not None else ArgContext()
    if type_name.endswith(" list"):
        inner = PARSERS[type_name[:-5]]
        return [inner(w, c) for w in cp_spacevec(text)]
    return PARSERS[type_name](text, c)


# -- Args ---------------------------------------------------------------------------------------

@dataclass
class ParsedArgs:
    """The outcome of :func:`parse_args_full`: ``values`` (every spec argument: parsed value or
    default; a repeatable argument gives a list), ``given`` (arguments that appeared), and the
    error messages in Click's order (empty when the configuration is valid)."""

    values: dict[str, Any]
    given: set[str]
    errors: list[str]
    #: Every message in Click's order as (level, text), level "error" or "warning"
    #: (``NAME: warning: argument deprecated``).
    messages: list[tuple[str, str]] = field(default_factory=list)


class _Args:
    """Click's Args bookkeeping: ``kwpos[i]`` is the keyword length of argument i (0 when
    positional), -1 once consumed as a positional argument, -2 once consumed by keyword."""

    def __init__(self, conf: list[str]) -> None:
        self.conf = conf
        self.kwpos = [keyword_length(a) for a in conf]

    def find(self, keyword: str, mandatory: bool, positional: bool, firstmatch: bool
             ) -> tuple[str, bool]:
        """Args::find: (argument text, found).  Text is "" for an empty argument."""
        klen = len(keyword)
        got = got_kwpos = position = -1
        for i, kp in enumerate(self.kwpos):
            if position == -1 and kp != -1:
                position = i if kp >= 0 else -2
            if kp == klen and self.conf[i][:klen] == keyword:
                got, got_kwpos = i, kp
                self.kwpos[i] = -2
                if firstmatch:
                    break
        if (positional and position >= 0 and self.kwpos[position] >= 0
                and ((got < 0 and mandatory) or self.kwpos[position] == 0)
                and (not firstmatch or got < 0 or position < got)):
            self.kwpos[position] = -1
            if firstmatch and position < got:
                self.kwpos[got] = klen
            if firstmatch or got < position:
                got, got_kwpos = position, 0
        if got < 0:
            return "", False
        text = self.conf[got]
        if got_kwpos:
            return text[got_kwpos:].lstrip(" \t\n\v\f\r"), True
        return text, True

    def leftover_errors(self) -> list[str]:
        """Args::check_complete: unknown keywords, then "too many arguments" once."""
        errs: list[str] = []
        too_many = False
        for i, kp in enumerate(self.kwpos):
            if kp == 0:
                too_many = True
            elif kp > 0:
                errs.append(f"{self.conf[i][:kp]}: unknown argument")
        if too_many:
            errs.append("too many arguments")
        return errs


def _default(arg: Any) -> Any:
    """The spec's default, in the representation a parsed value has, so an argument's value
    has one Python type whether given or not: text defaults of ``string`` arguments as bytes;
    a ``float`` default is a value in Click's text units (``0.5`` seconds for a ``time``
    argument, as TimedSource's INTERVAL) and goes through the type's parser (a ``time`` value
    is integer nanoseconds: emitting 0.5 unparsed made it 0 ns)."""
    d = arg.default
    if arg.type == "string" and isinstance(d, str):
        return d.encode("utf-8", "surrogateescape")
    if isinstance(d, float) and arg.type in PARSERS:
        try:
            return parse_value(arg.type, repr(d))
        except (ArgError, ValueError):
            return d
    return d


#: Immutable values a default may be shared as (anything else is made anew for each element,
#: as :func:`_default` makes it).
_SHARABLE = (str, bytes, int, float, bool, type(None))

#: spec -> (spec, its arguments with (Arg, deprecated, default or a maker of it)).
_PLANS: dict[int, tuple[Any, tuple[tuple[Any, bool, Any], ...]]] = {}


def _plan(spec: Any) -> tuple[tuple[Any, bool, Any], ...]:
    """``spec.args`` with each argument's ``deprecated`` flag and its default value
    (:func:`_default`), computed once per spec: the value itself when it is immutable, else a
    function making it (a fresh value per element, as before).  Keyed by the spec object
    (specs are the registry's, alive for the whole run)."""
    entry = _PLANS.get(id(spec))
    if entry is not None and entry[0] is spec:
        return entry[1]
    plan: list[tuple[Any, bool, Any]] = []
    for arg in spec.args:
        d = _default(arg)
        if d is arg.default or isinstance(d, _SHARABLE):
            plan.append((arg, bool(getattr(arg, "deprecated", False)), d))
        else:
            plan.append((arg, bool(getattr(arg, "deprecated", False)),
                         functools.partial(_default, arg)))
    _PLANS[id(spec)] = (spec, tuple(plan))
    return _PLANS[id(spec)][1]


class _Log:
    """Messages in Click's order; ``late`` holds element-level checks made after complete()."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []
        self.late: list[str] = []

    def error(self, text: str) -> None:
        self.messages.append(("error", text))

    def warning(self, text: str) -> None:
        self.messages.append(("warning", text))

    def errors(self) -> list[str]:
        return [t for lvl, t in self.messages if lvl == "error"]


def _parse_one(arg_type: str, name: str, text: str, ctx: ArgContext, log: _Log
               ) -> tuple[bool, Any]:
    try:
        return True, parse_value(arg_type, text, ctx)
    except ArgError as e:
        if e.element_level:
            log.late.append(e.message)
            return False, None
        log.error(f"{name}: {e.message}")
        if e.then_parse_error:
            log.error(f"{name}: parse error")
        return False, None


def parse_args_full(spec: ElementSpec, config: str, ctx: ArgContext) -> ParsedArgs:
    """Parse ``config`` for ``spec`` with Click's Args rules, collecting errors (no reporting).

    For each ``Arg`` of ``spec.args`` in order (this order must follow the element's
    ``configure``, since it decides which argument a positional value goes to): a keyword
    argument ``NAME value`` matches exactly (case sensitive) and the last occurrence wins; if
    the argument is positional and the first unused argument has no keyword, that argument is
    taken (a *required* positional argument takes it even when it looks like a keyword and no
    ``NAME`` keyword was given).  Repeatable arguments (``Arg.repeat``) take every occurrence,
    in order.  Empty arguments fill a position but leave the default.  Afterwards leftover
    keywords are ``"KEY: unknown argument"`` and leftover positional arguments one ``"too many
    arguments"``.  Parse errors read ``"NAME: message"``.  A raw Python exception never
    escapes for any ``config`` text.
    """
    ctx = ArgContext.of(ctx)
    conf = cp_argvec(config)
    st = _Args(conf)
    log = _Log()
    values: dict[str, Any] = {}
    given: set[str] = set()
    ctx.parsed = values
    for arg, deprecated, default in _plan(spec):
        if arg.repeat:
            items: list[Any] = []
            mandatory = arg.required
            while True:
                text, found = st.find(arg.name, mandatory, arg.positional, True)
                if not found:
                    if mandatory:
                        log.error(f"{arg.name}: required argument missing")
                    break
                if deprecated:
                    log.warning(f"{arg.name}: warning: argument deprecated")
                if not text:
                    break
                given.add(arg.name)
                ok, v = _parse_one(arg.type, arg.name, text, ctx, log)
                if ok:
                    items.append(v)
                mandatory = False
            if arg.name in given:
                values[arg.name] = items
            else:
                values[arg.name] = list(arg.default) if isinstance(arg.default, (list, tuple)) \
                    else ([] if arg.default is None else arg.default)
            continue
        if not conf and not arg.required:
            # nothing to find (Args::find finds nothing in an empty configuration)
            values[arg.name] = default() if callable(default) else default
            continue
        text, found = st.find(arg.name, arg.required, arg.positional, False)
        if not found:
            if arg.required:
                log.error(f"{arg.name}: required argument missing")
            values[arg.name] = default() if callable(default) else default
            continue
        if deprecated:
            log.warning(f"{arg.name}: warning: argument deprecated")
        if not text:
            values[arg.name] = default() if callable(default) else default
            continue
        given.add(arg.name)
        ok, v = _parse_one(arg.type, arg.name, text, ctx, log)
        values[arg.name] = v if ok else (default() if callable(default) else default)
    for m in st.leftover_errors():
        log.error(m)
    if not log.errors() and log.late:
        log.error(log.late[0])  # the element's own check returns at its first failure
    errors = log.errors()
    return ParsedArgs(values, given, errors, log.messages)


def argument_texts(spec: ElementSpec, config: str) -> dict[str, list[str]] | None:
    """Which text of ``config`` each argument of ``spec`` receives, by Click's Args rules
    (the same assignment :func:`parse_args_full` makes, without parsing any value).

    Returns {argument name: [value text, ...]} for the arguments that appear (one text, or
    every occurrence for a repeatable argument; empty arguments are left out), or None when
    arguments are left over (an unknown keyword or too many positional arguments).
    """
    st = _Args(cp_argvec(config))
    out: dict[str, list[str]] = {}
    for arg in spec.args:
        texts: list[str] = []
        while True:
            text, found = st.find(arg.name, arg.required, arg.positional, arg.repeat)
            if found and text:
                texts.append(text)
            if not (arg.repeat and found and text):
                break
        if texts:
            out[arg.name] = texts
    if st.leftover_errors():
        return None
    return out


def report(ctx: ArgContext, messages: Sequence[str | tuple[str, str]],
           errh: ErrorHandler) -> None:
    """Print ``messages`` as Click prints configure errors: the context line ``FILE:LINE: While
    configuring 'NAME :: CLASS':`` then each message on its own line indented by two spaces.

    A message is an error text or a (level, text) pair with level "error" or "warning"
    (warnings count in ``errh.nwarnings``; their text already reads ``NAME: warning: ...``).
    """
    if not messages:
        return
    errh.message(ctx.landmark, ctx.context_line())
    for m in messages:
        level, text = m if isinstance(m, tuple) else ("error", m)
        if level == "warning":
            errh.message(None, "  " + text)
            errh.nwarnings += 1
        else:
            errh.error(None, "  " + text)


def parse_args(spec: ElementSpec, config: str, ctx: ArgContext, errh: ErrorHandler
               ) -> dict[str, Any] | None:
    """Parse an element's configuration; returns {argument name: value} or None after errors.

    The rules of :func:`parse_args_full` apply to ``spec.args`` whatever ``spec.config`` says
    (``"none"`` is a spec without arguments: any argument is an error, as in Click's default
    ``Element::configure``; ``"custom"`` configurations are dispatched to their parser by the
    checker, clickc.passes.check).  ``ctx`` is an :class:`ArgContext` or any object with some of
    its attributes (``element``, ``landmark``, ``graph``; see :meth:`ArgContext.of`).  Errors
    are reported to ``errh`` with :func:`report`.
    """
    actx = ArgContext.of(ctx)
    parsed = parse_args_full(spec, config, actx)
    report(actx, parsed.messages, errh)
    if parsed.errors:
        return None
    return parsed.values


# -- AddressInfo ---------------------------------------------------------------------------------

def collect_addressinfo(graph: RouterGraph, errh: ErrorHandler) -> A.AddressInfoDB:
    """The names defined by every AddressInfo, PortInfo and AnnotationInfo element of ``graph``,
    in declaration order, and the flow codes FlowInfo elements set
    (:func:`define_flowinfo_arg`).

    Each argument of an AddressInfo configuration is ``NAME ADDR...``; see
    :func:`clickc.args.addresses.define_addressinfo_arg` for what an address defines (PortInfo:
    ``NAME PORT/PROTO...``, :func:`clickc.args.addresses.define_portinfo_arg`).  Errors
    are reported per element in Click's format ("While configuring 'ai :: AddressInfo':" then
    e.g. "  'x' is not a recognizable address").  Click configures these information elements
    before all others, so their names are usable by every element (AddressInfo itself included,
    for names defined earlier).  Source: AddressInfo::configure, elements/standard/addressinfo.cc;
    PortInfo::configure, elements/standard/portinfo.cc.
    """
    db = A.AddressInfoDB()
    for e in graph.elements():
        define = _NAME_DEFINERS.get(e.class_name)
        if define is None and e.class_name != "FlowInfo":
            continue
        msgs: list[str] = []
        for arg in cp_argvec(e.config):
            msgs += (define(arg, e.name, db) if define is not None
                     else define_flowinfo_arg(arg, e.name, db, graph))
        report(ArgContext(e.name, e.class_name, e.landmark, graph, db), msgs, errh)
        db.read.add(e.name)
    return db


def check_annotation_overlaps(graph: RouterGraph, db: A.AddressInfoDB,
                              errh: ErrorHandler) -> None:
    """Every AnnotationInfo's ``CHECK_OVERLAP`` arguments (:func:`check_annotation_overlap`),
    reported as Click's AnnotationInfo::initialize reports them: under "While initializing
    'NAME :: AnnotationInfo':".  Click initializes only a router whose every element
    configured, so the caller runs this only then."""
    for e in graph.elements():
        if e.class_name != "AnnotationInfo":
            continue
        msgs = [m for arg in cp_argvec(e.config) for m in check_annotation_overlap(arg, e.name, db)]
        if msgs:
            errh.message(e.landmark, f"While initializing '{e.name} :: {e.class_name}':")
            for m in msgs:
                errh.error(None, "  " + m)


def define_flowinfo_arg(arg: str, element: str, db: A.AddressInfoDB, graph: RouterGraph
                        ) -> list[str]:
    """Apply one FlowInfo argument ``ELEMENT CODE`` (Click's FlowInfo::configure,
    elements/standard/flowinfo.cc): the element ELEMENT names (found from FlowInfo's compound
    as Click's ``Router::find``) gets flow code CODE in place of its class's, in every pass that
    follows flow codes.  A CODE that is not a flow code is an error here (Click would warn when
    a path through the element is followed).  Returns the error messages."""
    name, rest = cp_shift_spacevec(arg)
    code, rest = cp_shift_spacevec(rest)
    if not name or not code or rest:
        return ["expected 'ELEMENT CODE'"]
    found = find_element(graph, name, element)
    if found is None:
        return [f"'{name}' does not name an element"]
    try:
        flow(code, 0, False, 1)
    except ValueError:
        return [f"bad flow code '{code}'"]
    db.flow_codes[found] = code
    return []


#: The classes whose configurations define names, and how each argument does.
_NAME_DEFINERS: dict[str, Callable[[str, str, A.AddressInfoDB], list[str]]] = {
    "AddressInfo": A.define_addressinfo_arg, "PortInfo": A.define_portinfo_arg,
    "AnnotationInfo": define_annotationinfo_arg}
