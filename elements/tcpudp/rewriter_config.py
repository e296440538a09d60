"""Compile-time configuration of the IPRewriter family (NAT).

Parses what Click's IPRewriterBase::configure, parse_input_spec, IPRewriterPattern::parse,
IPRewriterPatterns::configure and RoundRobinIPMapper::configure parse
(elements/ip/iprewriterbase.cc, iprwpattern.cc, iprwpatterns.cc, rripmapper.cc and the
subclasses' configure in elements/tcpudp/*rewriter.cc, elements/ip/ipaddr*rewriter.cc,
elements/icmp/icmppingrewriter.cc), reports errors with Click's messages, and generates the
per-instance C (``Element.facts.c_code``) the templates read: the input specifications, the
patterns as ``rw_pattern`` objects (shared, with their sequential-allocation state, by every
user of a named pattern or a mapper, as in Click), timeouts in jiffies and annotations.

C objects are named after the element they belong to (:func:`c_symbol`), not its index, so
that another element (ICMPRewriter, a MAPPING_CAPACITY reference) can name them whatever
passes do to the element numbering.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from typing import Any, Protocol

from clickc.args import cp_argvec, cp_spacevec
from clickc.args.addresses import NameContext, mask_to_prefix_len, parse_ip, parse_ip_prefix
from clickc.args.core import ArgError, parse_value
from clickc.elements.hooks import ConfigureContext, names, parse_int
from clickc.ir import Element, RouterGraph

#: The classes built on IPRewriterBase, and their C class codes (rewriter_flow.h).
REWRITER_CLASSES: dict[str, str] = {
    "IPRewriter": "RW_IPREWRITER",
    "TCPRewriter": "RW_TCPREWRITER",
    "UDPRewriter": "RW_UDPREWRITER",
    "IPAddrRewriter": "RW_IPADDRREWRITER",
    "IPAddrPairRewriter": "RW_IPADDRPAIRREWRITER",
    "ICMPPingRewriter": "RW_ICMPPINGREWRITER",
}

MAPPER_CLASSES = frozenset({"RoundRobinIPMapper", "SourceIPHashMapper"})

_PE = {
    "syntax": "syntax error",
    "saddr": "bad source address",
    "sport": "bad source port",
    "daddr": "bad destination address",
    "dport": "bad destination port",
}


def c_symbol(kind: str, element_name: str) -> str:
    """A C identifier for object ``kind`` (``rwst``, ``rwheap``, ``rwpat``...) of the element
    named ``element_name``: the name with every non-identifier character replaced, plus a CRC
    of the exact name so that distinct names never collide."""
    clean = re.sub(r"[^A-Za-z0-9_]", "_", element_name)
    return f"{kind}_{clean}_{zlib.crc32(element_name.encode()):08x}"


@dataclass
class Pattern:
    """One IPRewriterPattern.  Addresses and ports are host-order integers, 0 meaning "leave
    unchanged".  ``variation_top`` is the size of the source range minus one; the range varies
    the source port when ``is_napt`` (4-word patterns, 3-word ones) and the source address
    otherwise."""

    saddr: int = 0
    sport: int = 0
    daddr: int = 0
    dport: int = 0
    is_napt: bool = False
    sequential: bool = False
    same_first: bool = True
    variation_top: int = 0
    symbol: str = ""

    def c_init(self) -> str:
        """The C initializer of the ``rw_pattern`` (network-order fields via RW_NET*)."""
        return (f"{{RW_NET32(0x{self.saddr:08x}u), RW_NET32(0x{self.daddr:08x}u), "
                f"RW_NET16(0x{self.sport:04x}u), RW_NET16(0x{self.dport:04x}u), "
                f"{self.variation_top}u, 0u, {int(self.is_napt)}, {int(self.sequential)}, "
                f"{int(self.same_first)}}}")


def _addr_variation(word: str, nc: NameContext, pat: Pattern) -> bool:
    """ip_address_variation of iprwpattern.cc: ``A-B``, a prefix, with ``#``/``?`` suffix."""
    text = word
    if text.endswith("#"):
        pat.sequential, pat.same_first, text = True, False, text[:-1]
    elif text.endswith("?"):
        pat.same_first, text = False, text[:-1]
    if "-" in text:
        lo_t, _, hi_t = text.partition("-")
        lo, hi = parse_ip(lo_t, nc), parse_ip(hi_t, nc)
        if lo is not None and hi is not None and hi >= lo:
            pat.saddr, pat.variation_top = lo, hi - lo
            return True
        return False
    pfx = parse_ip_prefix(text, nc, allow_bare_address=True)
    if pfx is None:
        return False
    addr, mask = pfx
    if not addr or not mask or mask_to_prefix_len(mask) < 0:
        return False
    if mask == 0xFFFFFFFF:
        pat.saddr, pat.variation_top = addr, 0
    elif mask == 0xFFFFFFFE:
        pat.saddr, pat.variation_top = addr & mask, 1
    else:  # PREFIX.0 and PREFIX.255 are not used
        pat.saddr, pat.variation_top = (addr & mask) | 1, (~mask & 0xFFFFFFFF) - 2
    return True


def _port_variation(word: str, pat: Pattern) -> bool:
    """port_variation of iprwpattern.cc: ``LO-HI`` with ``#``/``?`` suffix."""
    text = word
    seq, same = pat.sequential, pat.same_first
    if text.endswith("#"):
        seq, same, text = True, False, text[:-1]
    elif text.endswith("?"):
        same, text = False, text[:-1]
    if "-" not in text:  # Click then parses an empty upper bound, which fails
        return False
    lo_t, _, hi_t = text.partition("-")
    lo, hi = parse_int(lo_t), parse_int(hi_t)
    if lo is None or hi is None or not (lo >= 0 and hi >= lo and hi < 65536):
        return False
    pat.sequential, pat.same_first = seq, same
    pat.sport, pat.variation_top = lo, hi - lo
    return True


def parse_pattern(words: list[str], nc: NameContext, named: dict[str, Pattern]) -> Pattern | str:
    """IPRewriterPattern::parse: ``SADDR [SPORT] DADDR [DPORT]`` (2 to 4 words, ``-`` for
    unchanged) or a pattern name.  Returns the pattern or Click's error text."""
    if not 1 <= len(words) <= 4:
        return _PE["syntax"]
    if len(words) == 1:
        p = named.get(words[0])
        return p if p is not None else f"no such pattern '{words[0]}'"
    pat = Pattern(is_napt=len(words) >= 3)
    w = words[0]
    if w != "-":
        a = parse_ip(w, nc)
        if a is not None:
            pat.saddr = a
        elif not _addr_variation(w, nc, pat):
            return _PE["saddr"]
    i = 0
    if len(words) >= 3:
        i = 2 if len(words) == 3 else 1
        w = words[i]
        if w != "-":
            v = parse_int(w)
            if v is not None and 0 < v < 65536:
                pat.sport = v
            elif not _port_variation(w, pat):
                return _PE["sport"]
        i = 0 if len(words) == 3 else 1
    i += 1
    w = words[i]
    if w != "-":
        a = parse_ip(w, nc)
        if a is None:
            return _PE["daddr"]
        pat.daddr = a
    if len(words) == 4:
        i += 1
        w = words[i]
        if w != "-":
            v = parse_int(w)
            if v is None or not 0 < v < 65536:
                return _PE["dport"]
            pat.dport = v
    return pat


def parse_ports(words: list[str]) -> tuple[int, int] | str:
    """IPRewriterPattern::parse_ports: ``FOUTPUT ROUTPUT``."""
    f = parse_int(words[0]) if len(words) == 2 else None
    if f is None:
        return "bad forward port"
    r = parse_int(words[1])
    if r is None:
        return "bad reply port"
    return f, r


def parse_with_ports(text: str, nc: NameContext, named: dict[str, Pattern]
                     ) -> tuple[Pattern, int, int] | str:
    """IPRewriterPattern::parse_with_ports: a pattern followed by ``FOUTPUT ROUTPUT``."""
    words = cp_spacevec(text)
    if len(words) <= 2:
        return _PE["syntax"]
    pat = parse_pattern(words[:-2], nc, named)
    if isinstance(pat, str):
        return pat
    ports = parse_ports(words[-2:])
    if isinstance(ports, str):
        return ports
    return pat, ports[0], ports[1]


# -- named patterns ---------------------------------------------------------------------------

def named_patterns(graph: RouterGraph) -> dict[str, Pattern]:
    """Every pattern the router's IPRewriterPatterns elements define (Click's
    T_IPREWRITER_PATTERN names), parsed silently (each element reports its own errors)."""
    out: dict[str, Pattern] = {}
    for e in graph.elements():
        if e.class_name != "IPRewriterPatterns":
            continue
        nc = names(graph, e, None)
        for k, arg in enumerate(cp_argvec(e.config)):
            words = cp_spacevec(arg)
            if not words or words[0] in out:
                continue
            p = parse_pattern(words[1:], nc, out)
            if isinstance(p, Pattern):
                if not p.symbol:
                    p.symbol = f"{c_symbol('rwpat', e.name)}_{k}"
                out[words[0]] = p
    return out


def _pattern_c(p: Pattern) -> str:
    guard = p.symbol.upper() + "_DEFINED"
    return (f"#ifndef {guard}\n#define {guard}\n"
            f"static rw_pattern {p.symbol} = {p.c_init()};\n#endif\n")


_C_PRELUDE = ('#include "tcpudp/rewriter_flow.h"\n'
              "#ifndef RW_NET32\n"
              "#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__\n"
              "#define RW_NET32(x) __builtin_bswap32(x)\n"
              "#define RW_NET16(x) __builtin_bswap16(x)\n"
              "#else\n#define RW_NET32(x) (x)\n#define RW_NET16(x) (x)\n#endif\n#endif\n")


def patterns_config(graph: RouterGraph, element: Element,
                    ctx: ConfigureContext) -> dict[str, Any] | None:
    """IPRewriterPatterns: ``NAME PATTERN`` per argument (IPRewriterPatterns::configure).
    Returns ``{"PATTERNS": {name: Pattern}}``; errors: "pattern 'NAME' already defined" (also
    for a name an earlier IPRewriterPatterns defined) and the pattern's own."""
    nc = names(graph, element, ctx)
    earlier: set[str] = set()
    for e in graph.elements():
        if e.name == element.name:
            break
        if e.class_name == "IPRewriterPatterns":
            earlier.update(w[0] for w in map(cp_spacevec, cp_argvec(e.config)) if w)
    allp = named_patterns(graph)
    mine: dict[str, Pattern] = {}
    ok = True
    for arg in cp_argvec(element.config):
        words = cp_spacevec(arg)
        if not words:
            continue
        name = words[0]
        if name in mine or name in earlier:
            ctx.error(f"pattern '{name}' already defined")
            ok = False
            continue
        known = {n: allp[n] for n in earlier if n in allp}  # names defined before this one
        p = parse_pattern(words[1:], nc, {**known, **mine})
        if isinstance(p, str):
            ctx.error(p)
            ok = False
            continue
        mine[name] = allp.get(name, p)
    if not ok:
        return None
    element.facts.c_code = _C_PRELUDE + "".join(_pattern_c(p) for p in mine.values())
    return {"PATTERNS": mine}


class _Errors(Protocol):
    """Where :func:`_mapper_inputs` reports a pattern's error (a configure context or a
    collector)."""

    def error(self, message: str) -> None: ...


def _hash_server(arg: str) -> tuple[str, int] | None:
    """SourceIPHashMapper::parse_server: a pattern argument without its last word, a server ID
    (an integer >= 0); None when there is no such word."""
    words = cp_spacevec(arg)
    sid = parse_int(words[-1]) if len(words) > 1 else None
    if sid is None or sid < 0:
        return None
    return " ".join(words[:-1]), sid


def _mapper_inputs(graph: RouterGraph, mapper: Element,
                   ctx: _Errors | None) -> list[tuple[Pattern, int, int]]:
    nc = names(graph, mapper, ctx)
    named = named_patterns(graph)
    out: list[tuple[Pattern, int, int]] = []
    hashed = mapper.class_name == "SourceIPHashMapper"
    for k, arg in enumerate(cp_argvec(mapper.config)):
        if hashed:
            if k == 0:
                continue  # NNODES SEED
            server = _hash_server(arg)
            if server is None:
                if ctx is not None:
                    ctx.error("bad server ID in pattern spec")
                continue
            arg = server[0]
        r = parse_with_ports(arg, nc, named)
        if isinstance(r, str):
            if ctx is not None:
                ctx.error(r)
            continue
        pat = r[0]
        if not pat.symbol:
            pat.symbol = f"{c_symbol('rwpat', mapper.name)}_{k}"
        out.append(r)
    return out


def _mapper_c(graph: RouterGraph, mapper: Element) -> str:
    ins = _mapper_inputs(graph, mapper, None)
    sym = c_symbol("rwmap", mapper.name)
    guard = sym.upper() + "_DEFINED"
    parts = [f"#ifndef {guard}\n#define {guard}\n"]
    parts += [_pattern_c(p) for p, _, _ in ins]
    rows = ", ".join(f"{{&{p.symbol}, {f}, {r}}}" for p, f, r in ins)
    parts.append(f"static rw_mapper_input {sym}_is[] = {{{rows}}};\n")
    decl = f"{mapper.name} :: {mapper.class_name}".replace("\\", "\\\\").replace('"', '\\"')
    if mapper.class_name != "SourceIPHashMapper":
        parts.append(f"static rw_mapper {sym} = {{{len(ins)}, 0, {sym}_is, \"{decl}\"}};\n"
                     "#endif\n")
        return "".join(parts)
    # an rw_hash_mapper whose first member is the rw_mapper (last = -1 marks it) and its hash
    conf = cp_argvec(mapper.config)
    params = cp_spacevec(conf[0]) if conf else []
    nnodes, seed = (parse_int(params[0]), parse_int(params[1])) if len(params) == 2 \
        else (None, None)
    servers = [sv for sv in map(_hash_server, conf[1:]) if sv is not None]
    ids = ", ".join(str(sid) for _, sid in servers) or "0"
    parts.append(f"static const unsigned short {sym}_ids[] = {{{ids}}};\n"
                 f"static rw_chash {sym}_ch = {{{nnodes or 1}, {seed or 0}, {len(servers)},"
                 f" {sym}_ids, NULL, 0}};\n"
                 f"static rw_hash_mapper {sym}_h = {{{{{len(ins)}, -1, {sym}_is, \"{decl}\"}},"
                 f" &{sym}_ch}};\n#define {sym} ({sym}_h.m)\n#endif\n")
    return "".join(parts)


def mapper_config(graph: RouterGraph, element: Element,
                  ctx: ConfigureContext) -> dict[str, Any] | None:
    """RoundRobinIPMapper: ``PATTERN FOUTPUT ROUTPUT`` per argument
    (RoundRobinIPMapper::configure): "no patterns given" for none, a warning "only one
    pattern given" for one.  SourceIPHashMapper: ``NNODES SEED`` first, then ``PATTERN FOUTPUT
    ROUTPUT ID`` per argument (SourceIPHashMapper::configure, its messages: "no hash seed
    given", "requires 2 config params: numnodes seed", ...); emits its ``rw_chash`` and
    ``ELEM(map)``, the mapper the C file builds the hash of."""
    conf = cp_argvec(element.config)
    hashed = element.class_name == "SourceIPHashMapper"
    if hashed:
        if not conf:
            ctx.error("no hash seed given")
            return None
        params = cp_spacevec(conf[0])
        conf = conf[1:]
        if len(conf) == 1:  # Click warns before it reads NNODES SEED
            ctx.warning("only one pattern given")
        if conf and len(params) != 2:
            ctx.error("requires 2 config params: numnodes seed")
            return None
        if conf:
            nnodes = parse_int(params[0])
            if nnodes is None or nnodes <= 0:
                ctx.error("number of nodes must be an integer")
                return None
            if parse_int(params[1]) is None:
                ctx.error("hash seed must be an integer")
                return None
    if not conf:
        ctx.error("no patterns given")
        return None
    if len(conf) == 1 and not hashed:
        ctx.warning("only one pattern given")
    errors: list[str] = []

    class _Collect:
        def error(self, message: str) -> None:
            errors.append(message)

    ins = _mapper_inputs(graph, element, _Collect())
    for text in errors:
        ctx.error(text)
    if errors:
        return None
    element.facts.c_code = _C_PRELUDE + _mapper_c(graph, element)
    if hashed:
        element.facts.c_code += \
            f"static rw_mapper *const ELEM(map) = &{c_symbol('rwmap', element.name)};\n"
    return {"PATTERNS": [(p.symbol, f, r) for p, f, r in ins]}


# -- rewriter keywords ------------------------------------------------------------------------

# (keyword, value type, target) in the order Click's configure methods read them (subclass
# first, then IPRewriterBase).  Targets: timeouts in seconds, "dst_anno", "reply_anno",
# "capacity", "gc".
_BASE_KW: list[tuple[str, str, str]] = [
    ("CAPACITY", "anything", "capacity"),
    ("MAPPING_CAPACITY", "anything", "capacity"),
    ("TIMEOUT", "seconds", "t0"),
    ("GUARANTEE", "seconds", "t1"),
    ("REAP_INTERVAL", "seconds", "gc"),
    ("REAP_TIME", "seconds", "gc"),
]
_TCP_KW: list[tuple[str, str, str]] = [
    ("TCP_NODATA_TIMEOUT", "seconds", "t0"),
    ("TCP_GUARANTEE", "seconds", "t1"),
    ("TIMEOUT", "seconds", "tcp_data"),
    ("TCP_TIMEOUT", "seconds", "tcp_data"),
    ("TCP_DONE_TIMEOUT", "seconds", "tcp_done"),
    ("DST_ANNO", "bool", "dst_anno"),
    ("REPLY_ANNO", "anno1", "reply_anno"),
]
_CLASS_KW: dict[str, list[tuple[str, str, str]]] = {
    "IPRewriter": [("UDP_TIMEOUT", "seconds", "udp0"),
                   ("UDP_STREAMING_TIMEOUT", "seconds", "udp_streaming"),
                   ("UDP_GUARANTEE", "seconds", "udp1")] + _TCP_KW,
    "TCPRewriter": _TCP_KW,
    "UDPRewriter": [("DST_ANNO", "bool", "dst_anno"), ("REPLY_ANNO", "anno1", "reply_anno"),
                    ("UDP_TIMEOUT", "seconds", "t0"), ("TIMEOUT", "seconds", "t0"),
                    ("UDP_STREAMING_TIMEOUT", "seconds", "udp_streaming"),
                    ("STREAMING_TIMEOUT", "seconds", "udp_streaming"),
                    ("UDP_GUARANTEE", "seconds", "t1")],
    "IPAddrRewriter": [("REPLY_ANNO", "anno1", "reply_anno")],
    "IPAddrPairRewriter": [("REPLY_ANNO", "anno1", "reply_anno")],
    "ICMPPingRewriter": [("DST_ANNO", "bool", "dst_anno"), ("REPLY_ANNO", "anno1", "reply_anno")],
}
_DEFAULT_T0 = {"IPAddrRewriter": 7200, "IPAddrPairRewriter": 7200}

_KW_RE = re.compile(r"([A-Z][A-Z0-9_]*)(?:\s+(.*))?$", re.S)


@dataclass
class InputSpec:
    """One parsed input specification: kind (``drop``, ``nochange``, ``keep``, ``pattern``,
    ``mapper``), output ports, and the pattern or mapper element name."""

    kind: str
    foutput: int = -1
    routput: int = -1
    pattern: Pattern | None = None
    mapper: str = ""


def _input_spec(spec: str, noutputs: int, nc: NameContext, named: dict[str, Pattern],
                graph: RouterGraph, element: Element) -> InputSpec | str:
    """IPRewriterBase::parse_input_spec (errors without the "input spec N: " prefix)."""
    words = cp_spacevec(spec)
    if not words:
        return "empty argument"
    word = words[0]
    rest = spec.strip()[len(word):].strip() if spec.strip().startswith(word) else \
        " ".join(words[1:])
    if word in ("pass", "passthrough", "nochange"):
        out = 0
        if rest:
            v = parse_int(rest)
            if v is None:
                return "syntax error, expected 'nochange [OUTPUT]'"
            out = v
        if not 0 <= out < noutputs:
            return "output port out of range"
        return InputSpec("nochange", foutput=out)
    if word == "keep":
        ports = parse_ports(cp_spacevec(rest))
        if isinstance(ports, str):
            return ports
        if not (0 <= ports[0] < noutputs and 0 <= ports[1] < noutputs):
            return "output port out of range"
        return InputSpec("keep", ports[0], ports[1])
    if word in ("drop", "discard"):
        if rest:
            return f"syntax error, expected '{word}'"
        return InputSpec("drop")
    if word in ("pattern", "xpattern"):
        r = parse_with_ports(rest, nc, named)
        if isinstance(r, str):
            return r
        pat, f, rp = r
        if not (0 <= f < noutputs and 0 <= rp < noutputs):
            return "output port out of range"
        return InputSpec("pattern", f, rp, pattern=pat)
    target = _find_element(graph, element, word)
    if target is not None:
        if rest:
            return "syntax error, expected element name"
        if target.class_name not in MAPPER_CLASSES:
            return "element is not an IPMapper"
        return InputSpec("mapper", mapper=target.name)
    return "unknown specification"


def _find_element(graph: RouterGraph, element: Element, name: str) -> Element | None:
    """cp_element: ``name`` seen from ``element``'s compound (innermost first)."""
    prefix = element.name[:element.name.rfind("/") + 1]
    while True:
        full = prefix + name
        if full in graph:
            return graph.element(full)
        if not prefix:
            return None
        prefix = prefix[:prefix.rfind("/", 0, len(prefix) - 1) + 1]


def rewriter_config(graph: RouterGraph, element: Element,
                    ctx: ConfigureContext) -> dict[str, Any] | None:
    """The configuration of an IPRewriterBase class: keywords (the class's, then CAPACITY,
    MAPPING_CAPACITY, TIMEOUT, GUARANTEE, REAP_INTERVAL), then one input specification per
    input port.  Returns ``{"KEYWORDS": {...}, "INPUTS": [InputSpec...]}`` and sets
    ``element.facts.c_code``; None after errors (reported through ``ctx`` with Click's
    messages: "need N arguments, one per input port", "input spec N: ...", "bad
    MAPPING_CAPACITY", "KEYWORD: ...")."""
    cls = element.class_name
    nc = names(graph, element, ctx)
    conf = cp_argvec(element.config)
    table = _CLASS_KW.get(cls, []) + _BASE_KW
    known = {k for k, _, _ in table}
    # Args::consume: keyword arguments this class reads, each read once (the last wins)
    found: dict[str, str] = {}
    specs: list[str] = []
    for arg in conf:
        m = _KW_RE.match(arg.strip())
        if m is not None and m[1] in known:
            found[m[1]] = (m[2] or "").strip()
        else:
            specs.append(arg)
    vals: dict[str, Any] = {"t0": _DEFAULT_T0.get(cls, 300), "t1": 5, "gc": 15 * 60,
                            "tcp_data": 86400, "tcp_done": 240, "udp0": 300, "udp1": 5,
                            "dst_anno": True, "reply_anno": None, "capacity": None}
    set_by: dict[str, str] = {}
    ok = True
    seen: set[str] = set()
    for kw, typ, target in table:
        if kw not in found or kw in seen:
            continue
        seen.add(kw)
        try:
            v = parse_value(typ, found[kw])
        except ArgError as exc:
            ctx.error(f"{kw}: {exc.message}")
            ok = False
            continue
        if kw == "REAP_TIME":  # Args::deprecated: "KEYWORD: warning: argument deprecated"
            ctx.message("REAP_TIME: warning: argument deprecated")
            ctx.errh.nwarnings += 1
        if target == "reply_anno":
            v = int(v) if not isinstance(v, str) else v
        vals[target] = v
        set_by[target] = kw
    if not ok:
        return None
    if "udp_streaming" not in vals:
        vals["udp_streaming"] = vals["udp0"] if cls == "IPRewriter" else vals["t0"]
    heap_sym = c_symbol("rwheap", element.name)
    capacity = 0x7FFFFFFF
    cap_word = vals["capacity"]
    if cap_word is not None:
        v = parse_int(cap_word)
        if v is not None:
            capacity = v
        else:
            other = _find_element(graph, element, cap_word)
            if other is None or other.class_name not in REWRITER_CLASSES:
                ctx.error("bad MAPPING_CAPACITY")
                return None
            heap_sym = c_symbol("rwheap", other.name)
            capacity = -1
    ninputs = graph.ninputs_used(element.name)
    noutputs = graph.noutputs_used(element.name)
    if len(specs) != ninputs:
        ctx.error(f"need {ninputs} arguments, one per input port")
        return None
    named = named_patterns(graph)
    inputs: list[InputSpec] = []
    for i, spec in enumerate(specs):
        r = _input_spec(spec, noutputs, nc, named, graph, element)
        if isinstance(r, str):
            ctx.error(f"input spec {i}: {r}")
            ok = False
            continue
        inputs.append(r)
    if not ok:
        return None
    element.facts.c_code = _rewriter_c(graph, element, cls, vals, inputs, heap_sym,
                                          capacity)
    return {"KEYWORDS": found, "INPUTS": inputs}


def _rewriter_c(graph: RouterGraph, element: Element, cls: str, vals: dict[str, Any],
                inputs: list[InputSpec], heap_sym: str, capacity: int) -> str:
    parts = [_C_PRELUDE]
    own_heap = c_symbol("rwheap", element.name)
    if heap_sym == own_heap:
        g = own_heap.upper() + "_DEFINED"
        parts.append(f"#ifndef {g}\n#define {g}\n"
                     f"static rw_heap {own_heap} = {{.capacity = {capacity}}};\n#endif\n")
    else:  # the table (heap) of another rewriter: defined here if this element comes first
        g = heap_sym.upper() + "_DEFINED"
        other = _find_element(graph, element, str(vals["capacity"]))
        assert other is not None  # rewriter_config found it to name heap_sym
        parts.append(f"#ifndef {g}\n#define {g}\n"
                     f"static rw_heap {heap_sym} = {{.capacity = {_own_capacity(other)}}};\n"
                     "#endif\n")
    rows = []
    for k, s in enumerate(inputs):
        pat = "NULL"
        mapper = "NULL"
        if s.kind == "pattern" and s.pattern is not None:
            if not s.pattern.symbol:
                s.pattern.symbol = f"{c_symbol('rwpat', element.name)}_in{k}"
            parts.append(_pattern_c(s.pattern))
            pat = "&" + s.pattern.symbol
        elif s.kind == "mapper":
            parts.append(_mapper_c(graph, graph.element(s.mapper)))
            mapper = "&" + c_symbol("rwmap", s.mapper)
        kind = {"drop": "RW_I_DROP", "nochange": "RW_I_NOCHANGE", "keep": "RW_I_KEEP",
                "pattern": "RW_I_PATTERN", "mapper": "RW_I_MAPPER"}[s.kind]
        rows.append(f"{{{kind}, {s.foutput}, {s.routput}, {pat}, {mapper}}}")
    st = c_symbol("rwst", element.name)
    parts.append(f"static rw_base {st};\n")
    parts.append(f"static rw_base *const ELEM(rw) = &{st};\n")
    parts.append(f"static rw_heap *const ELEM(heap) = &{heap_sym};\n")
    parts.append("static const rw_input_conf ELEM(input_conf)[] = {"
                 + (", ".join(rows) if rows else "{RW_I_DROP, -1, -1, NULL, NULL}") + "};\n")
    reply = vals["reply_anno"]
    annos = (1 if vals["dst_anno"] else 0) + (2 + (int(reply) << 2) if reply is not None else 0)
    if cls in ("IPAddrRewriter", "IPAddrPairRewriter"):
        annos |= 1
    hz = 1000
    t = [vals["t0"], vals["t1"], vals["udp0"], vals["udp1"], vals["tcp_data"],
         vals["tcp_done"], vals["udp_streaming"]]
    parts.append("/* timeouts in jiffies: best effort, guarantee, UDP best effort, UDP "
                 "guarantee, TCP data, TCP done, UDP streaming */\n")
    parts.append("static const uint32_t ELEM(timeouts)[7] = {"
                 + ", ".join(f"{int(x) * hz}u" for x in t) + "};\n")
    parts.append(f"static const unsigned ELEM(annos) = {annos}u;\n")
    parts.append(f"static const uint32_t ELEM(gc_interval) = {int(vals['gc'])}u;\n")
    parts.append(f"static const int ELEM(cls) = {REWRITER_CLASSES[cls]};\n")
    parts.append(f"enum {{ ELEM(router_threads) = {_router_threads(graph)} }};\n")
    return "".join(parts)


def _own_capacity(element: Element) -> int:
    """The integer MAPPING_CAPACITY (or CAPACITY) of a rewriter, 2^31-1 when it has none (or
    names yet another rewriter, whose table it then uses: that element defines it)."""
    cap = 0x7FFFFFFF
    for arg in cp_argvec(element.config):
        m = _KW_RE.match(arg.strip())
        if m is not None and m[1] in ("CAPACITY", "MAPPING_CAPACITY"):
            v = parse_int((m[2] or "").strip())
            cap = v if v is not None else 0x7FFFFFFF
    return cap


def _router_threads(graph: RouterGraph) -> int:
    """The router's thread count (``-j N``, graph.facts.nthreads) as far as it is known
    when the configuration is parsed (1 when not set)."""
    try:
        return max(1, int(graph.facts.nthreads))
    except (TypeError, ValueError, AttributeError):
        return 1


def router_threads(graph: RouterGraph) -> int:
    """The router's thread count as far as it is known when the configuration is parsed
    (``ELEM(router_threads)`` of an element that takes the rewriter table lock,
    rewriter_lock.h)."""
    return _router_threads(graph)


def rewriter_symbol(name: str) -> str:
    """The C name of rewriter ``name``'s ``rw_base`` (for ICMPRewriter)."""
    return c_symbol("rwst", name)


def icmp_rewriter_config(graph: RouterGraph, element: Element, args: dict[str, Any],
                         ctx: ConfigureContext) -> None:
    """ICMPRewriter: every word of MAPS names a rewriter (an IPRewriterBase class), optionally
    with a ``:OFFSET`` output offset (ICMPRewriter::configure, with its messages: "WORD not an
    IP rewriter", "WORD port offset requires more than N outputs", "no IP rewriters
    supplied").  Sets ``element.facts.c_code``: the rewriters' tables, the offsets and the
    annotations."""
    noutputs = graph.noutputs_used(element.name)
    maps: list[tuple[str, int]] = []
    for word in cp_spacevec(str(args.get("MAPS") or "")):
        name, colon, off = word.partition(":")
        offset = -1
        if colon:
            v = parse_int(off)
            if v is None:
                ctx.error(f"{word} not an IP rewriter")
                continue
            offset = v
        target = _find_element(graph, element, name)
        if target is None:
            ctx.error(f"{word} not an IP rewriter")
            continue
        if offset >= 0 and offset + graph.noutputs_used(target.name) > noutputs:
            ctx.error(f"{word} port offset requires more than {noutputs} "
                      f"{'output' if noutputs == 1 else 'outputs'}")
            continue
        if target.class_name not in REWRITER_CLASSES:
            ctx.error(f"{word} not an IP rewriter")
            continue
        maps.append((target.name, offset))
    if not maps:
        ctx.error("no IP rewriters supplied")
        return
    reply = args.get("REPLY_ANNO")
    dst = args.get("DST_ANNO")
    annos = (0 if dst is not None and not dst else 1) + \
        (2 + (int(reply) << 2) if reply is not None else 0)
    parts = [_C_PRELUDE]
    parts += [f"static rw_base {rewriter_symbol(n)};\n" for n, _ in maps]
    parts.append("static rw_base *const ELEM(maps)[] = {"
                 + ", ".join("&" + rewriter_symbol(n) for n, _ in maps) + "};\n")
    parts.append("static const int ELEM(offsets)[] = {"
                 + ", ".join(str(o) for _, o in maps) + "};\n")
    parts.append(f"enum {{ ELEM(nmaps) = {len(maps)} }};\n")
    parts.append(f"static const unsigned ELEM(annos) = {annos}u;\n")
    parts.append(f"enum {{ ELEM(router_threads) = {_router_threads(graph)} }};\n")
    element.facts.c_code = "".join(parts)
