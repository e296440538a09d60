"""Configuration parsers for classes whose configuration is not a plain argument list.

Each parser is a spec's ``custom_parser`` hook, called by ``clickc.passes.check`` as
``parser(graph, element, ctx)``: ``graph`` is the flat ``RouterGraph``, ``element`` the
``Element`` (``element.config`` is its configuration string after parameter substitution), and
``ctx`` reports errors and warnings under Click's "While configuring" context line
(``ctx.error(text)``, ``ctx.warning(text)``).  A parser returns the typed configuration (a dict
of constants for the backend) or None after errors.  ``validate`` hooks have the signature
``hook(graph, element, args, ctx)``.

The checks and every message follow the configure() method of the Click element named in each
docstring; numbers and addresses are parsed by ``clickc.args`` (Click's rules), and AddressInfo
names are accepted where Click accepts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clickc.args import split_config as cp_argvec
from clickc.args import split_words as cp_spacevec
from clickc.args.numbers import NumError, parse_bandwidth
from clickc.args.numbers import parse_int as _parse_int


def parse_int(text: str, signed: bool = True) -> int | None:
    """Click's IntArg for a 32-bit integer, or None when ``text`` is not one."""
    try:
        return int(_parse_int(text, 32, signed))
    except NumError:
        return None

# -- AddressInfo -------------------------------------------------------------------------------


@dataclass
class AddressTable:
    """Names defined by the router's AddressInfo elements (Click's NameInfo database), flattened
    to ``{name: value}`` per kind (names inside compounds keep their ``c/`` prefix)."""

    ip: dict[str, int] = field(default_factory=dict)
    prefix: dict[str, tuple[int, int]] = field(default_factory=dict)
    ether: dict[str, bytes] = field(default_factory=dict)


def address_db(graph: Any) -> Any:
    """The router's AddressInfo names (``clickc.args.AddressInfoDB``), built silently: the
    AddressInfo elements' own errors are reported once, by ``clickc.passes.check``."""
    from clickc.args import collect_addressinfo
    from clickc.errors import ErrorHandler

    return collect_addressinfo(graph, ErrorHandler())


def address_table(graph: Any) -> AddressTable:
    """Every name the router's AddressInfo elements define, per kind."""
    t = AddressTable()
    for name, entry in address_db(graph).names().items():
        if entry.ip is not None:
            t.ip[name] = entry.ip
        if entry.ip_prefix is not None:
            t.prefix[name] = entry.ip_prefix
        if entry.ether is not None:
            t.ether[name] = entry.ether
    return t


def _names(graph: Any, element: Any, ctx: Any) -> Any:
    """The AddressInfo lookup context for ``element`` (``clickc.args.addresses.NameContext``)."""
    from clickc.args.addresses import NameContext

    get = getattr(ctx, "names", None)
    if callable(get):
        return get()
    return NameContext(address_db(graph), element.name)


def address_info(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """AddressInfo: ``NAME ADDR...`` per argument (Click's AddressInfo::configure, implemented
    by ``clickc.args.addresses.define_addressinfo_arg``).  Returns ``{"NAMES": {name:
    NameEntry}}`` for the names this element defines.  Its errors are not reported here:
    ``clickc.passes.check.configure_all`` reports every AddressInfo element's errors first, as
    Click configures AddressInfo before the other elements."""
    from clickc.args import AddressInfoDB, split_config
    from clickc.args.addresses import define_addressinfo_arg

    db = AddressInfoDB()
    errors: list[str] = []
    for arg in split_config(element.config):
        errors += define_addressinfo_arg(arg, element.name, db)
    if errors:
        return None
    return {"NAMES": db.names()}


# -- ARPResponder ------------------------------------------------------------------------------

def arp_responder_entries(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """ARPResponder: ``IP/MASK... ETH`` per argument (Click's ARPResponder::add).

    Returns ``{"ENTRIES": [(addr, mask, ether bytes), ...]}`` in configuration order."""
    from clickc.args import split_config, split_words
    from clickc.args.addresses import parse_ether, parse_ip_prefix

    nc = _names(graph, element, ctx)
    entries: list[tuple[int, int, bytes]] = []
    ok = True
    for i, arg in enumerate(split_config(element.config)):
        words = split_words(arg)
        prefixes: list[tuple[int, int]] = []
        eth: bytes | None = None
        err: str | None = None
        for w in words:
            p = parse_ip_prefix(w, nc, allow_bare_address=True)
            if p is not None:
                prefixes.append((p[0] & p[1], p[1]))
                continue
            e = parse_ether(w, nc)
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
                e = parse_ether(w, nc)
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
    if not ok:
        return None
    # the C form, for elements/ethernet/arpresponder.c: 14 bytes per entry (address and mask
    # big-endian, then the Ethernet address)
    from clickc.cformat import c_string
    packed = b"".join(a.to_bytes(4, "big") + m.to_bytes(4, "big") + bytes(e)
                      for a, m, e in entries)
    element.facts.c_code = (
        f"static const unsigned char ELEM(conf_entries)[] = {c_string(packed)};\n"
        f"static const int ELEM(conf_nentries) = {len(entries)};\n")
    return {"ENTRIES": entries}


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
    if ok:
        # the C form, for elements/standard/strideswitch.c
        element.facts.c_code = (
            f"static const int ELEM(conf_tickets)[] = {{{', '.join(map(str, values)) or '0'}}};\n"
            f"static const int ELEM(conf_ntickets) = {len(values)};\n")
    return {"TICKETS": values} if ok else None


# -- Meter / BandwidthMeter --------------------------------------------------------------------

def meter_rates(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """Meter and BandwidthMeter: increasing rates, one fewer than the outputs (Click's
    BandwidthMeter::configure; Meter shares it)."""
    conf = cp_argvec(element.config)
    if not conf:
        ctx.error("too few arguments to BandwidthMeter(bandwidth, ...)")
        return None
    rates: list[int] = []
    for i, text in enumerate(conf):
        try:
            v, has_unit = parse_bandwidth(text.strip())
        except NumError:
            ctx.error(f"argument {i + 1} syntax error")
            return None
        if i > 0 and v <= rates[-1]:
            ctx.error(f"rate {i + 1} must be > rate {i}")
            return None
        if not has_unit and v != 0:
            ctx.warning(f"no units for bandwidth argument {i + 1}, assuming Bps")
        rates.append(v)
    noutputs = int(graph.noutputs_used(element.name))
    if len(rates) + 1 != noutputs:
        ctx.error(f"need {noutputs - 1} arguments, one less than the number of output ports")
        return None
    return {"RATES": rates}


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


_ARPQ_KEYWORDS = ("CAPACITY", "ENTRY_CAPACITY", "ENTRY_PACKET_CAPACITY", "CAPACITY_SLIM_FACTOR",
                  "TIMEOUT", "BROADCAST", "TABLE", "POLL_TIMEOUT", "BROADCAST_POLL")


def arp_querier_args(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """ARPQuerier: its spec's arguments, except that a single positional argument (an
    AddressInfo name) stands for both IP and ETH (Click's ARPQuerier::configure duplicates
    it after consuming the keywords)."""
    import dataclasses

    from clickc.args import ArgContext, parse_args_full, report
    from clickc.elements import registry

    spec = registry.get(element.class_name)
    assert spec is not None
    conf = cp_argvec(element.config)
    keywords: list[str] = []
    rest: list[str] = []
    for a in conf:
        words = cp_spacevec(a)
        (keywords if len(words) >= 2 and words[0] in _ARPQ_KEYWORDS else rest).append(a)
    # Click consumes the keywords first, then reads IP and ETH from what is left
    config = ", ".join((rest + rest if len(rest) == 1 else rest) + keywords)
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph,
                      addressinfo=getattr(ctx, "addressinfo", None) or address_db(graph))
    parsed = parse_args_full(dataclasses.replace(spec, config="args"), config, actx)
    if parsed.errors:
        report(actx, parsed.errors, ctx.errh)
        return None
    element.facts.args_given = set(parsed.given)
    return dict(parsed.values)


# -- RadixIPsecLookup --------------------------------------------------------------------------

def _names_element(graph: Any, element: Any, name: str) -> bool:
    """Whether ``name``, seen from ``element``'s compound, names an element or a compound
    (Router::find, then a prefix match on ``name/`` as StaticThreadSched does)."""
    prefix = element.name[:element.name.rfind("/") + 1]
    while True:
        full = prefix + name
        if full in graph or any(e.name.startswith(full + "/") for e in graph.elements()):
            return True
        if not prefix:
            return False
        prefix = prefix[:prefix.rfind("/", 0, len(prefix) - 1) + 1]


def thread_assignments(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """StaticThreadSched: ``ELEMENT THREAD`` per argument (Click's
    StaticThreadSched::configure: the words are Args' positional ELEMENT and THREAD).
    Returns ``{"THREADS": [(element name, thread), ...]}``."""
    from clickc.args import ArgContext, parse_args_full
    from clickc.elements.spec import Arg, ElementSpec

    pair = ElementSpec(name=element.class_name, port_count="0/0", processing="a/a",
                       args=(Arg("ELEMENT", "string", positional=True, required=True),
                             Arg("THREAD", "int", positional=True, required=True)))
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph)
    out: list[tuple[str, int]] = []
    ok = True
    for arg in cp_argvec(element.config):
        parsed = parse_args_full(pair, ", ".join(cp_spacevec(arg)), actx)
        if parsed.errors:
            for m in parsed.errors:
                ctx.error(m)
            return None
        raw = parsed.values["ELEMENT"]
        ename = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw)
        if not _names_element(graph, element, ename):
            # Click reports the compound-prefix form it searched last: 'NAME/'
            ctx.error(f"'{ename}/' does not name an element" if ename
                      else "'' does not name an element")
            ok = False
            continue
        out.append((ename, int(parsed.values["THREAD"])))
    return {"THREADS": out} if ok else None


def schedule_info(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """ScheduleInfo: ``ELEMENTNAME PARAM`` per argument, PARAM a real number of tickets
    relative to the default (Click's ScheduleInfo::configure)."""
    from clickc.args import parse_value
    from clickc.args.core import ArgError

    out: dict[str, float] = {}
    ok = True
    for arg in cp_argvec(element.config):
        parts = cp_spacevec(arg)
        if not parts:
            continue
        try:
            if len(parts) != 2:
                raise ArgError()
            out[parts[0]] = float(parse_value("real", parts[1]))
        except ArgError:
            ctx.error("expected 'ELEMENTNAME PARAM'")
            ok = False
    return {"PARAMS": out} if ok else None


# -- Script / DriverManager --------------------------------------------------------------------

SCRIPT_INSTRUCTIONS = (
    "append", "end", "error", "errorq", "exit", "export", "exportq", "goto", "init", "initq",
    "label", "loop", "pause", "print", "printn", "printnq", "printq", "read", "readq",
    "return", "returnq", "save", "set", "setq", "stop", "wait", "wait_for", "wait_step",
    "wait_stop", "wait_time", "write", "writeq")
_SCRIPT_TERMINALS = ("end", "exit", "stop", "error", "errorq")  # negative instructions: labels
_SIGNALS = ("ABRT", "ALRM", "HUP", "INT", "IO", "PIPE", "QUIT", "TERM", "TSTP", "USR1", "USR2")


def _script_type(element: Any, graph: Any, type_arg: str | None) -> tuple[str | None, str | None]:
    """(type, error) from Script's TYPE keyword (Click's Script::configure)."""
    words = cp_spacevec(type_arg or "")
    if not words:
        if element.class_name == "DriverManager":
            return "DRIVER", None
        ports = graph.ninputs_used(element.name) or graph.noutputs_used(element.name)
        return ("PACKET" if ports else "ACTIVE"), None
    first, rest = words[0], words[1:]
    if first in ("ACTIVE", "PASSIVE", "PROXY", "DRIVER") and not rest:
        return first, None
    if first in ("PACKET", "PUSH") and not rest:
        return "PACKET", None
    if first == "SIGNAL":
        ok = bool(rest) and all(w in _SIGNALS or (parse_int(w) is not None and
                                                  0 <= (parse_int(w) or 0) < 32) for w in rest)
        return ("SIGNAL", None) if ok else (None, "bad signal number")
    return None, "bad TYPE"


def _is_driver_script(e: Any) -> bool:
    if e.class_name == "DriverManager":
        return True
    if e.class_name != "Script":
        return False
    for arg in cp_argvec(e.config):
        words = cp_spacevec(arg)
        if words[:2] == ["TYPE", "DRIVER"] and len(words) == 2:
            return True
    return False


def script_instructions(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """Script and DriverManager: an optional ``TYPE`` keyword, then one instruction per argument
    (``wait 1s``, ``write c.reset``, ``goto loop $(lt $(c.count) 10)``, ``stop``, ...), checked
    as Click's Script::configure does: instruction names, their operands' shape, labels of
    ``goto``, one driver script per router, ports only on PACKET scripts.  Returns ``{"TYPE":
    type, "INSNS": [(instruction, operand text), ...]}``; handler expressions are evaluated by
    the element at run time."""
    conf = cp_argvec(element.config)
    type_arg: str | None = None
    insn_args: list[str] = []
    for arg in conf:
        words = cp_spacevec(arg)
        if len(words) >= 1 and words[0] == "TYPE":
            type_arg = arg.strip()[4:].strip()
        else:
            insn_args.append(arg)
    kind, err = _script_type(element, graph, type_arg)
    if err is not None:
        ctx.error(err)
        return None
    if kind == "DRIVER":
        first = next((e for e in graph.elements() if _is_driver_script(e)), None)
        if first is not None and first.name != element.name:
            ctx.error("router has more than one driver script")
            return None
    nin, nout = graph.ninputs_used(element.name), graph.noutputs_used(element.name)
    if kind == "PACKET" and nin == 0:
        ctx.error("PACKET script must have inputs")
        return None
    if kind != "PACKET" and (nin or nout):
        ctx.error("ports allowed only on PACKET scripts")
        return None
    ok = True
    insns: list[tuple[str, str]] = []
    for arg in insn_args:
        words = cp_spacevec(arg)
        if not words:
            continue
        name = words[0]
        rest = arg.strip()[len(name):].strip()
        bad = name not in SCRIPT_INSTRUCTIONS
        if not bad:
            if name in ("pause", "wait_step", "wait_stop") or (name == "wait" and not rest):
                bad = bool(rest) and parse_int(rest, signed=False) is None
            elif name in ("return", "returnq", "init", "initq", "export", "exportq", "set",
                          "setq"):
                operand = ("_ " + rest) if name in ("return", "returnq") else rest
                w = cp_spacevec(operand)
                bad = not w or (name in ("set", "setq") and len(w) < 2)
            elif name == "label":
                bad = len(cp_spacevec(rest)) != 1
            elif name in ("loop", "end", "exit", "stop"):
                bad = bool(rest)
        if bad:
            ctx.error(f"syntax error at '{name}'")
            ok = False
            continue
        insns.append((name, rest))
    labels = {cp_spacevec(r)[0] for n, r in insns if n == "label"}
    for n, r in insns:
        if n == "goto":
            words = cp_spacevec(r)
            target = words[0] if words else ""
            if target not in labels and target not in _SCRIPT_TERMINALS \
                    and target not in ("begin", "loop"):
                ctx.error(f"no such label '{target}'")
                ok = False
    return {"TYPE": kind, "INSNS": insns} if ok else None


# -- IPv6 route table and neighbor advertiser --------------------------------------------------

def ip6_route_table(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """LookupIP6Route: ``DADDR/MASK [GW] OUTPUT`` per argument (Click's
    LookupIP6Route::configure).  Returns ``{"ROUTES": [(addr, prefix length, gw, output)]}``
    with 16-byte addresses."""
    from clickc.args.addresses import parse_ip6, parse_ip6_prefix

    nc = _names(graph, element, ctx)
    routes: list[tuple[bytes, int, bytes, int]] = []
    ok = True
    maxout = -1
    for i, arg in enumerate(cp_argvec(element.config)):
        words = cp_spacevec(arg)
        route = None
        if len(words) in (2, 3):
            p = parse_ip6_prefix(words[0], nc, allow_bare_address=True)
            out = parse_int(words[-1])
            gw: bytes | None = bytes(16) if len(words) == 2 else parse_ip6(words[1], nc)
            if p is not None and out is not None and gw is not None and out >= 0:
                route = (p[0], p[1], gw, out)
        if route is None:
            ctx.error(f"argument {i + 1} should be DADDR/MASK [GW] OUTPUT")
            ok = False
            continue
        routes.append(route)
        maxout = max(maxout, route[3])
    if not ok:
        return None
    if maxout < 0:
        ctx.warning("no routes")
    noutputs = int(graph.noutputs_used(element.name))
    if maxout >= noutputs:
        ctx.error(f"need {maxout + 1} or more output ports")
        return None
    _set_c_code(element, _ip6_c_table(
        "conf_routes", "uint8_t addr[16]; uint8_t mask[16]; uint8_t gw[16]; int port;",
        [[_ip6_masked(a, n), _ip6_mask(n), g, o] for a, n, g, o in routes]))
    return {"ROUTES": routes}


def _ip6_mask(n: int) -> bytes:
    """The 16-byte mask of an IPv6 prefix length ``n`` (0-128)."""
    return ((1 << 128) - (1 << (128 - n))).to_bytes(16, "big")


def _ip6_masked(a: bytes, n: int) -> bytes:
    """``a`` (16 bytes) with the bits after the first ``n`` cleared (Click's ``dst & mask``)."""
    return bytes(x & y for x, y in zip(a, _ip6_mask(n), strict=True))


def _ip6_c_table(name: str, fields: str, rows: list[list[Any]]) -> str:
    """Per-instance C text (``Element.facts.c_code``, docs/c-interface.md) defining
    ``static const struct {fields} ELEM(name)[]`` from ``rows`` (bytes become byte arrays, ints
    stay ints) and ``ELEM(name_n)``, its row count; an empty table gets one zero row (C has
    no empty arrays) and a count of 0."""
    def lit(v: Any) -> str:
        if isinstance(v, bytes):
            return "{" + ", ".join(f"0x{b:02x}" for b in v) + "}"
        return str(int(v))

    body = ",\n".join("    {" + ", ".join(lit(v) for v in r) + "}" for r in rows) or "    {0}"
    return (f"/* {name} */\n"
            f"static const struct {{ {fields} }} ELEM({name})[] = {{\n{body}\n}};\n"
            f"enum {{ ELEM({name}_n) = {len(rows)} }};\n/* end {name} */\n")


def _set_c_code(element: Any, code: str) -> None:
    """Add ``code`` (a block made by ``_ip6_c_table``) to the element's per-instance C text
    (when it has ``facts``), replacing the block of the same table a previous parse of the
    configuration added (the checks run more than once in a pipeline)."""
    import re

    facts = getattr(element, "facts", None)
    if facts is not None:
        name = code.split(" ", 2)[1]
        old = re.sub(rf"/\* {name} \*/\n.*?/\* end {name} \*/\n", "",
                     str(facts.c_code), flags=re.S)
        facts.c_code = (old.rstrip() + "\n" if old.strip() else "") + code


def ip6_nd_entries(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """IP6NDAdvertiser: ``IP6/MASK... ETH`` per argument (Click's IP6NDAdvertiser::configure).
    Returns ``{"ENTRIES": [(addr, prefix length, ether bytes or None), ...]}``."""
    from clickc.args.addresses import parse_ether, parse_ip6, parse_ip6_prefix

    nc = _names(graph, element, ctx)
    entries: list[tuple[bytes, int, bytes | None]] = []
    ok = True
    for i, arg in enumerate(cp_argvec(element.config)):
        mine: list[tuple[bytes, int]] = []
        eth: bytes | None = None
        for w in cp_spacevec(arg):
            p = parse_ip6_prefix(w, nc, allow_bare_address=True)
            a = parse_ip6(w, nc) if p is None else None
            e = parse_ether(w, nc) if p is None and a is None else None
            if p is not None:
                mine.append(p)
            elif a is not None:
                mine.append((a, 128))
            elif e is not None:
                if eth is not None:
                    ctx.error(f"argument {i} has more than one Ethernet address")
                    ok = False
                eth = e
            else:
                ctx.error(f"argument {i} should be `IP6/MASK ETHADDR'")
                ok = False
                break
        if not mine:
            ctx.error(f"argument {i} had no IP6 address and masks")
            ok = False
        entries += [(a, n, eth) for a, n in mine]
    if ok:
        _set_c_code(element, _ip6_c_table(
            "conf_entries", "uint8_t addr[16]; uint8_t mask[16]; uint8_t eth[6];",
            [[_ip6_masked(a, n), _ip6_mask(n), e or bytes(6)] for a, n, e in entries]))
    return {"ENTRIES": entries} if ok else None


# -- RoundRobinIPMapper, ICMPRewriter ----------------------------------------------------------

def control_socket(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """ControlSocket: ``TYPE`` (TCP, UNIX or SOCKET), then ``PORT``, ``FILENAME`` or ``FD``,
    and keywords (Click's ControlSocket::configure)."""
    import dataclasses

    from clickc.args import ArgContext, parse_args_full, report
    from clickc.elements import registry
    from clickc.elements.spec import Arg

    spec = registry.get(element.class_name)
    assert spec is not None
    conf = cp_argvec(element.config)
    first = cp_spacevec(conf[0]) if conf else []
    socktype = first[0].upper() if len(first) == 1 else ""
    second = {"TCP": Arg("PORT", "word", positional=True, required=True),
              "UNIX": Arg("FILENAME", "filename", positional=True, required=True),
              "SOCKET": Arg("FD", "int", positional=True, required=True)}.get(socktype)
    args = (spec.args[0],) + ((second,) if second else ()) + spec.args[1:]
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph)
    parsed = parse_args_full(dataclasses.replace(spec, config="args", args=args),
                             element.config, actx)
    errors = [m for m in parsed.errors if second is not None or m != "too many arguments"]
    if errors:
        report(actx, errors, ctx.errh)
        return None
    if second is None:
        ctx.error(f"unknown socket type '{str(parsed.values.get('TYPE', '')).upper()}'")
        return None
    values = dict(parsed.values)
    if socktype == "TCP" and not _tcp_port_ok(str(values["PORT"])):
        ctx.error("PORT requires TCP port")
        return None
    return values


def _tcp_port_ok(port: str) -> bool:
    """IPPortArg(TCP) (a number or service name), or ``N+`` (first free port from N)."""
    from clickc.args import parse_value
    from clickc.args.core import ArgError

    try:
        parse_value("port", port)
        return True
    except ArgError:
        pass
    v = parse_int(port[:-1]) if port.endswith("+") else None
    if v is not None:
        return 0 < v < 65536
    import socket

    try:  # Click's userlevel driver also accepts service names from the host's database
        socket.getservbyname(port, "tcp")
        return True
    except OSError:
        return False


def alignment_info(graph: Any, element: Any, ctx: Any) -> dict[str, Any] | None:
    """AlignmentInfo: ``ELEMENT CHUNK OFFSET [CHUNK OFFSET...]`` per argument (Click's
    AlignmentInfo::configure; names of elements that do not exist are ignored, as in Click)."""
    out: dict[str, list[tuple[int, int]]] = {}
    ok = True
    for i, arg in enumerate(cp_argvec(element.config)):
        parts = cp_spacevec(arg)
        if not parts:
            ctx.warning(f"empty configuration argument {i}")
            continue
        if parts[0] not in graph:
            continue
        if len(parts) % 2 != 1:
            ctx.error("expected 'ELEMENTNAME CHUNK OFFSET [CHUNK OFFSET...]'")
            ok = False
        pairs: list[tuple[int, int]] = []
        for j in range(1, len(parts) - 1, 2):
            c, o = parse_int(parts[j]), parse_int(parts[j + 1])
            if c is None:
                ctx.error("expected CHUNK")
                ok = False
            if o is None:
                ctx.error("expected OFFSET")
                ok = False
            pairs.append((c if c is not None else -1, o if o is not None else -1))
        if parts[0] in out and out[parts[0]] != pairs:
            ctx.error(f"conflicting AlignmentInfo for '{parts[0]}'")
            ok = False
        out[parts[0]] = pairs
    return {"ALIGNMENTS": out} if ok else None


# -- validate hooks: Message, destination addresses --------------------------------------------

def message_element(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """Message: prints MESSAGE when configured, as information, a warning or an error by TYPE
    (Click's MessageElement::configure)."""
    raw = args.get("MESSAGE")
    text = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw or "")
    kind = str(args.get("TYPE") or "MESSAGE")
    if kind == "MESSAGE":
        ctx.message(text)
    elif kind == "WARNING":
        # Click's ErrorHandler::xmessage returns an error for a warning, so configure fails
        # without a message of its own and the driver adds "unspecified error"
        ctx.warning(text)
        ctx.error("unspecified error")
    elif kind == "ERROR":
        ctx.error(text)
    else:
        ctx.error("unrecognized message type")


def _dst_ok(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> bool:
    from clickc.args.addresses import parse_ip

    dst = str(args.get("DST") or "")
    return dst.startswith("DST_ANNO") and len(dst) == 8 or \
        parse_ip(dst, _names(graph, element, ctx)) is not None


def udp_dst(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """UDPIPEncap: DST is an IP address or ``DST_ANNO`` (Click's UDPIPEncap::configure)."""
    if not _dst_ok(graph, element, args, ctx):
        ctx.error("bad DST")


def ip_dst(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """IPEncap: DST is an IP address or ``DST_ANNO`` (Click's IPEncap::configure)."""
    if not _dst_ok(graph, element, args, ctx):
        ctx.error("DST argument should be IP address or 'DST_ANNO'")


# -- element-level checks after the arguments (each from the element's configure()) -----------

_BOOL_WORDS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _contents_value(word: str) -> int | None:
    """Print/IPPrint CONTENTS: a boolean, NONE, HEX or ASCII (0, 1, 2), else None."""
    if word.lower() in _BOOL_WORDS:
        return int(_BOOL_WORDS[word.lower()])
    return {"NONE": 0, "HEX": 1, "ASCII": 2}.get(word.upper())


def print_contents(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """Print: CONTENTS is NONE, HEX or ASCII (Click's Print::configure)."""
    word = str(args.get("CONTENTS") or "HEX")
    if _contents_value(word) is None:
        ctx.error(f"bad contents value '{word.upper()}'; should be 'NONE', 'HEX', or 'ASCII'")


def ipprint_contents(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """IPPrint: CONTENTS and PAYLOAD values, at most one of them (Click's IPPrint::configure;
    its PAYLOAD message quotes the CONTENTS text, as Click does)."""
    contents = str(args.get("CONTENTS") or "no")
    c = _contents_value(contents)
    if c is None:
        ctx.error(f"bad contents value '{contents.upper()}'; should be 'NONE', 'HEX', or "
                  "'ASCII'")
        return
    payload = str(args.get("PAYLOAD") or "no").upper()
    p = {"NO": 0, "FALSE": 0, "YES": 1, "TRUE": 1, "HEX": 1, "ASCII": 2}.get(payload)
    if p is None:
        ctx.error(f"bad payload value '{contents}'; should be 'false', 'hex', or 'ascii'")
    elif p > 0 and c > 0:
        ctx.error("specify at most one of PAYLOAD and CONTENTS")


def fragmenter_mtu(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """IPFragmenter: MTU of at least 8 (Click's IPFragmenter::configure)."""
    if int(args.get("MTU") or 0) < 8:
        ctx.error("MTU must be at least 8")


def align_modulus(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """Align: MODULUS 2, 4 or 8 and OFFSET below it (Click's Align::configure)."""
    m, o = int(args.get("MODULUS") or 0), int(args.get("OFFSET") or 0)
    if m not in (2, 4, 8):
        ctx.error("MODULUS must be 2, 4, or 8")
    elif o >= m:
        ctx.error("OFFSET must be smaller than MODULUS")


def packet_type(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """SetPacketType: a packet type name (Click's SetPacketType::parse_type)."""
    t = str(args.get("TYPE") or "")
    if t.upper() not in ("HOST", "BROADCAST", "MULTICAST", "OTHERHOST", "OUTGOING",
                         "LOOPBACK"):
        ctx.error(f"unrecognized packet type '{t}'")


def sampling_probability(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """RandomSample: at most one of SAMPLE and DROP, a probability in [0, 1] (Click's
    RandomSample::configure, mirrored step for step).

    ``P``, ``SAMPLE`` and ``DROP`` are fixed28 values: unsigned 32-bit integers in units of
    2^-28 (``clickc.args`` FixedPointArg(28)).  As in Click, the sampling probability starts
    at 0xFFFFFFFF (no P and no SAMPLE: refused), SAMPLE overrides P, DROP gives 2^28 - DROP
    computed in 32-bit unsigned arithmetic (a DROP above 1 wraps around and is refused), and
    a probability above 2^28 is "sampling probability must be between 0 and 1".
    """
    one = 1 << 28
    sample, drop = args.get("SAMPLE"), args.get("DROP")
    if sample is not None and drop is not None:
        ctx.error("give at most one of SAMPLE and DROP")
        return
    prob = 0xFFFFFFFF
    if args.get("P") is not None:
        prob = int(args["P"])
    if sample is not None:
        prob = int(sample)
    if drop is not None:
        prob = (one - int(drop)) & 0xFFFFFFFF
    if prob > one:
        ctx.error("sampling probability must be between 0 and 1")


def icmp_ping_source(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """ICMPPingSource: Click's warning for an INTERVAL of 0 milliseconds
    (ICMPPingSource::configure; the pull-output checks are made by the template)."""
    if args.get("INTERVAL") is not None and int(args["INTERVAL"]) == 0:
        ctx.warning("INTERVAL so small that it is zero")


def set_timestamp(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """SetTimestamp: DELTA true is refused with Click's message (Click's
    SetTimestamp::configure)."""
    if args.get("DELTA"):
        ctx.error("SetTimestamp(DELTA) is deprecated, use SetTimestampDelta(TYPE FIRST)")


def summary_source(graph: Any, element: Any, args: dict[str, Any], ctx: Any) -> None:
    """FromIPSummaryDump: a FILENAME unless DATA gives the records (Click's
    FromIPSummaryDump::configure)."""
    if args.get("FILENAME") is None and args.get("DATA") is None:
        ctx.error("FILENAME: required argument missing")
