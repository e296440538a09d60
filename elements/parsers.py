"""Configuration parsers for classes whose configuration is not a plain argument list.

Each parser is a spec's ``custom_parser`` hook, called by ``clickc.passes.check`` as
``parser(graph, element, ctx)``: ``graph`` is the flat ``RouterGraph``, ``element`` the
``Element`` (``element.config`` is its configuration string after parameter substitution), and
``ctx`` reports errors and warnings under Click's "While configuring" context line
(``ctx.error(text)``, ``ctx.warning(text)``).  A parser returns the typed configuration (a dict
of constants for the backend) or None after errors.  ``validate`` hooks have the signature
``hook(graph, element, args, ctx)``.

The checks and every message follow the configure() method of the Click element named in each
docstring; address syntax is Click's (``clickc.classifier.numbers``), and AddressInfo names
defined anywhere in the router are accepted where Click accepts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from clickc.classifier.numbers import parse_ether, parse_int, parse_ip, parse_ip_prefix
from clickc.frontend.confparse import cp_argvec, cp_spacevec

# -- AddressInfo -------------------------------------------------------------------------------


@dataclass
class AddressTable:
    """Names defined by the router's AddressInfo elements (Click's NameInfo database)."""

    ip: dict[str, int] = field(default_factory=dict)
    prefix: dict[str, tuple[int, int]] = field(default_factory=dict)
    ether: dict[str, bytes] = field(default_factory=dict)


def _prefix_or_addr(text: str, names: AddressTable | None = None) -> tuple[int, int] | None:
    """Click's IPPrefixArg(true): ``ADDR/LEN`` or ``ADDR/MASK``, else an IP address (literal or
    AddressInfo name) as a /32, else an AddressInfo prefix name (lib/ipaddress.cc)."""
    if "/" in text:
        p = parse_ip_prefix(text)
        if p is not None:
            return p
    a = _ip(text, names)
    if a is not None:
        return a, 0xFFFFFFFF
    if names is not None and text in names.prefix:
        return names.prefix[text]
    return None


def _ip(text: str, names: AddressTable | None) -> int | None:
    a = parse_ip(text)
    if a is None and names is not None:
        a = names.ip.get(text)
    return a


def _ether(text: str, names: AddressTable | None) -> bytes | None:
    e = parse_ether(text)
    if e is None and names is not None:
        e = names.ether.get(text)
    return e


def _parse_address_info(config: str, table: AddressTable, error: Any) -> None:
    """Fill ``table`` from one AddressInfo configuration (Click's AddressInfo::configure)."""
    for arg in cp_argvec(config):
        parts = cp_spacevec(arg)
        if not parts:
            continue  # empty arguments are allowed
        if len(parts) < 2:
            error("expected 'NAME [ADDRS]'")
        name = parts[0]
        types: set[str] = set()
        for word in parts[1:]:
            mine: dict[str, Any] = {}
            e = parse_ether(word)
            if e is not None:
                mine["ether"] = e
            a = parse_ip(word)
            if a is not None:
                mine["ip"] = a
            else:
                p = parse_ip_prefix(word)
                if p is not None:
                    mine["prefix"] = p
                    if p[0] & ~p[1] & 0xFFFFFFFF:
                        mine["ip"] = p[0]
            one_type = len(mine) == 1
            for kind, value in mine.items():
                if one_type or kind not in types:
                    getattr(table, kind)[name] = value
            types |= set(mine)
            if not mine:
                error(f"'{word}' is not a recognizable address")


def address_table(graph: Any) -> AddressTable:
    """Every name the router's AddressInfo elements define (errors ignored here; they are
    reported when the AddressInfo element itself is configured)."""
    table = AddressTable()
    for e in graph.elements():
        if e.class_name == "AddressInfo":
            _parse_address_info(e.config, table, lambda _msg: None)
    return table


def address_info(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """AddressInfo: ``NAME ADDR...`` per argument (Click's AddressInfo::configure)."""
    errors: list[str] = []
    table = AddressTable()
    _parse_address_info(element.config, table, errors.append)
    for m in errors:
        ctx.error(m)
    if errors:
        return None
    return {"IP": table.ip, "PREFIX": table.prefix, "ETHER": table.ether}


def _address_names(graph: Any) -> Any:
    """The classifier languages' view of AddressInfo names."""
    from clickc.classifier.ipfilter_lang import AddressNames

    t = address_table(graph)
    return AddressNames(ip=t.ip.get, prefix=t.prefix.get, ether=t.ether.get)


# -- classifiers -------------------------------------------------------------------------------

def _report(diag: Any, ctx: Any) -> None:
    for level, text in diag.items:
        if level == "error":
            ctx.error(text)
        else:
            warn = getattr(ctx, "warning", None)
            if callable(warn):
                warn(text)


def classifier_patterns(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """Classifier and IPClassifier: one pattern per output port (Click's Classifier::configure,
    IPClassifier::configure), parsed by ``clickc.classifier``."""
    conf = cp_argvec(element.config)
    noutputs = int(graph.noutputs_used(element.name))
    if element.class_name == "IPClassifier":
        from clickc.classifier.ipfilter_lang import parse_ipclassifier

        rules, diag = parse_ipclassifier(conf, noutputs, _address_names(graph))
    else:
        from clickc.classifier.classifier_lang import parse_classifier

        rules, diag = parse_classifier(conf, noutputs)
    _report(diag, ctx)
    if diag.nerrors:
        return None
    return {"PATTERNS": conf, "RULES": rules}


def ipfilter_rules(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """IPFilter: ``ACTION PATTERN`` per argument (Click's IPFilter::configure)."""
    from clickc.classifier.ipfilter_lang import parse_ipfilter

    conf = cp_argvec(element.config)
    rules, diag = parse_ipfilter(conf, int(graph.noutputs_used(element.name)),
                                 _address_names(graph))
    _report(diag, ctx)
    if diag.nerrors:
        return None
    return {"PATTERNS": conf, "RULES": rules}


# -- ARPResponder ------------------------------------------------------------------------------

def arp_responder_entries(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """ARPResponder: ``IP/MASK... ETH`` per argument (Click's ARPResponder::add).

    Returns ``{"ENTRIES": [(addr, mask, ether bytes), ...]}`` in configuration order."""
    names = address_table(graph)
    entries: list[tuple[int, int, bytes]] = []
    ok = True
    for i, arg in enumerate(cp_argvec(element.config)):
        words = cp_spacevec(arg)
        prefixes: list[tuple[int, int]] = []
        eth: bytes | None = None
        err: str | None = None
        for w in words:
            p = _prefix_or_addr(w, names)
            if p is not None:
                prefixes.append((p[0] & p[1], p[1]))
                continue
            e = _ether(w, names)
            if e is None:
                err = "expected IP/MASK ETH"
                break
            if eth is not None:
                err = "more than one ETH"
                break
            eth = e
        if err is None and eth is None:
            # an argument that is both an IP address and an Ethernet address
            for w in words:
                e = _ether(w, names)
                if e is not None:
                    eth = e
                    break
        if err is None and not prefixes:
            err = "missing IP/MASK"
        if err is None and eth is None:
            err = "missing ETH"
        if err is not None:
            ctx.error(f"argument {i}: {err}")
            ok = False
            continue
        assert eth is not None
        entries += [(a, m, eth) for a, m in prefixes]
    return {"ENTRIES": entries} if ok else None


# -- stride scheduling -------------------------------------------------------------------------

MAX_TICKETS = 1 << 15


def tickets(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """StrideSched and StrideSwitch: one ticket count per input (pull) or output (push) port
    (Click's StrideSched::configure)."""
    conf = cp_argvec(element.config)
    pull = element.class_name == "StrideSched"
    nclients = int(graph.ninputs_used(element.name) if pull
                   else graph.noutputs_used(element.name))
    if len(conf) != nclients:
        ctx.error(f"need {nclients} arguments, one per {'input' if pull else 'output'} port")
        return None
    values: list[int] = []
    ok = True
    for i, text in enumerate(conf):
        v = parse_int(text.strip(), signed=True)
        if v is None:
            ctx.error(f"argument {i} should be number of tickets (integer)")
            ok = False
        elif v < 0:
            ctx.error(f"argument {i} (number of tickets) must be >= 0")
            ok = False
        else:
            if v > MAX_TICKETS:
                ctx.warning(f"input {i}'s tickets reduced to {MAX_TICKETS}")
                v = MAX_TICKETS
            values.append(v)
    return {"TICKETS": values} if ok else None


# -- Meter / BandwidthMeter --------------------------------------------------------------------

def meter_rates(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """Meter and BandwidthMeter: increasing rates, one fewer than the outputs (Click's
    BandwidthMeter::configure; Meter shares it)."""
    conf = cp_argvec(element.config)
    if not conf:
        ctx.error("too few arguments to BandwidthMeter(bandwidth, ...)")
        return None
    rates: list[float] = []
    for i, text in enumerate(conf):
        v, unitless = _bandwidth(text.strip())
        if v is None:
            ctx.error(f"argument {i + 1} syntax error")
            return None
        if i > 0 and v <= rates[-1]:
            ctx.error(f"rate {i + 1} must be > rate {i}")
            return None
        if unitless:
            ctx.warning(f"no units for bandwidth argument {i + 1}, assuming Bps")
        rates.append(v)
    noutputs = int(graph.noutputs_used(element.name))
    if len(rates) + 1 != noutputs:
        ctx.error(f"need {noutputs - 1} arguments, one less than the number of output ports")
        return None
    return {"RATES": rates}


_BW_UNITS = {
    "bps": 0.125, "kbps": 125.0, "mbps": 125e3, "gbps": 125e6,
    "Bps": 1.0, "kBps": 1e3, "KBps": 1e3, "MBps": 1e6, "GBps": 1e9,
    "baud": 0.125,
}


def _bandwidth(text: str) -> tuple[float | None, bool]:
    """Click's BandwidthArg: a real with an optional unit; value in bytes per second.
    Returns (value, unitless)."""
    m = re.fullmatch(r"([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*([A-Za-z]*)", text)
    if m is None:
        return None, False
    v = float(m[1])
    unit = m[2]
    if not unit:
        return v, True
    for u, scale in _BW_UNITS.items():
        if unit == u or (u[0].islower() and unit.lower() == u and not u.startswith("b")):
            return v * scale, False
    lower = unit.lower()
    if lower in ("bps",) and unit[0] == "b":
        return v * 0.125, False
    return None, False


# -- Tee / PullTee -----------------------------------------------------------------------------

def tee_arms(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """Tee and PullTee: an explicit ``N`` must equal the number of outputs (Click's
    Tee::configure, with its message)."""
    n = args.get("N")
    noutputs = int(graph.noutputs_used(element.name))
    if n is not None and int(n) != noutputs:
        ctx.error(f"{noutputs} outputs implies {noutputs} arms")


# -- IPRewriter family -------------------------------------------------------------------------

_REWRITER_KEYWORDS = {
    "IPRewriter": {"CAPACITY", "MAPPING_CAPACITY", "TIMEOUT", "GUARANTEE", "REAP_INTERVAL",
                   "REAP_TIME", "TCP_TIMEOUT", "TCP_DONE_TIMEOUT", "TCP_NODATA_TIMEOUT",
                   "TCP_GUARANTEE", "UDP_TIMEOUT", "UDP_STREAMING_TIMEOUT", "UDP_GUARANTEE",
                   "DST_ANNO", "REPLY_ANNO", "STREAMING_TIMEOUT"},
}
_BASE_KEYWORDS = {"CAPACITY", "MAPPING_CAPACITY", "TIMEOUT", "GUARANTEE", "REAP_INTERVAL",
                  "REAP_TIME", "DST_ANNO", "REPLY_ANNO", "TCP_TIMEOUT", "TCP_DONE_TIMEOUT",
                  "TCP_NODATA_TIMEOUT", "TCP_GUARANTEE", "UDP_TIMEOUT", "STREAMING_TIMEOUT",
                  "UDP_STREAMING_TIMEOUT", "UDP_GUARANTEE"}


def _rewriter_pattern_words_ok(words: list[str], names: AddressTable) -> str | None:
    """Check a ``pattern`` specification's address/port words (IPRewriterPattern::parse);
    returns Click's error text or None."""
    if not 1 <= len(words) <= 4:
        return "syntax error"
    if len(words) == 1:
        return None  # a named pattern: resolved by the implementation (IPRewriterPatterns)

    def addr_ok(w: str) -> bool:
        if w == "-" or _ip(w, names) is not None:
            return True
        w = w.rstrip("#?")
        lo, dash, hi = w.partition("-")
        if dash and _ip(lo, names) is not None and _ip(hi, names) is not None:
            return True
        return _prefix_or_addr(w, names) is not None

    def port_ok(w: str) -> bool:
        if w == "-":
            return True
        w = w.rstrip("#?")
        lo, dash, hi = w.partition("-")
        vals = [parse_int(x, signed=True) for x in ((lo, hi) if dash else (lo,))]
        return all(v is not None and 0 < v < 65536 for v in vals)

    def daddr_ok(w: str) -> bool:
        return w == "-" or _ip(w, names) is not None

    # word layout (IPRewriterPattern::parse): 2 words SADDR DADDR; 3 words SADDR DADDR SPORT;
    # 4 words SADDR SPORT DADDR DPORT
    if not addr_ok(words[0]):
        return "bad source address"
    if len(words) >= 3 and not port_ok(words[2 if len(words) == 3 else 1]):
        return "bad source port"
    if not daddr_ok(words[2 if len(words) == 4 else 1]):
        return "bad destination address"
    if len(words) == 4 and not (words[3] == "-" or (
            (v := parse_int(words[3], signed=True)) is not None and 0 < v < 65536)):
        return "bad destination port"
    return None


_MAPPERS = {"RoundRobinIPMapper", "SourceIPHashMapper", "SortedIPMapper"}


def rewriter_inputs(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """IPRewriter family: keywords, then one input specification per input port (Click's
    IPRewriterBase::configure and parse_input_spec).  Returns ``{"KEYWORDS": {...},
    "INPUTS": [words of each input spec]}``."""
    names = address_table(graph)
    conf = cp_argvec(element.config)
    keywords: dict[str, str] = {}
    specs: list[str] = []
    kw = _REWRITER_KEYWORDS.get(element.class_name, _BASE_KEYWORDS)
    for arg in conf:
        m = re.match(r"([A-Z][A-Z0-9_]*)(?:\s+(.*))?$", arg.strip(), re.S)
        if m is not None and m[1] in kw:
            keywords[m[1]] = (m[2] or "").strip()
        else:
            specs.append(arg)
    ninputs = int(graph.ninputs_used(element.name))
    noutputs = int(graph.noutputs_used(element.name))
    if len(specs) != ninputs:
        ctx.error(f"need {ninputs} arguments, one per input port")
        return None
    ok = True
    parsed: list[list[str]] = []
    for i, spec in enumerate(specs):
        err = _input_spec_error(spec, noutputs, names, graph)
        if err is not None:
            ctx.error(f"input spec {i}: {err}")
            ok = False
        parsed.append(cp_spacevec(spec))
    return {"KEYWORDS": keywords, "INPUTS": parsed} if ok else None


def _input_spec_error(spec: str, noutputs: int, names: AddressTable, graph: Any) -> str | None:
    words = cp_spacevec(spec)
    if not words:
        return "empty argument"
    word, rest = words[0], words[1:]
    if word in ("pass", "passthrough", "nochange"):
        if rest:
            out = parse_int(" ".join(rest), signed=True)
            if out is None:
                return "syntax error, expected 'nochange [OUTPUT]'"
        else:
            out = 0
        return "output port out of range" if not 0 <= out < noutputs else None
    if word in ("drop", "discard"):
        return f"syntax error, expected '{word}'" if rest else None
    if word in ("keep", "pattern", "xpattern"):
        if word != "keep" and len(rest) <= 2:
            return "syntax error"
        ports = rest[-2:] if word != "keep" else rest
        if word == "keep" and len(ports) != 2:
            return "bad forward port"
        f = parse_int(ports[0], signed=True)
        if f is None:
            return "bad forward port"
        r = parse_int(ports[1], signed=True)
        if r is None:
            return "bad reply port"
        if word != "keep":
            perr = _rewriter_pattern_words_ok(rest[:-2], names)
            if perr is not None:
                return perr
        if not 0 <= f < noutputs or not 0 <= r < noutputs:
            return "output port out of range"
        return None
    if word in graph:
        if rest:
            return "syntax error, expected element name"
        if graph.element(word).class_name not in _MAPPERS:
            return "element is not an IPMapper"
        return None
    return "unknown specification"
