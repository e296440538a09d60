"""What an element spec's hooks receive, and the helpers several hooks share.

A spec whose configuration is not a plain argument list (``config="custom"``) names its parser,
and a spec that checks more than its arguments names a validator, as Python functions defined
beside the spec (``ElementSpec.custom_parser``, ``ElementSpec.validate``; the signatures are
``clickc.elements.spec.CustomParser`` and ``Validator``).  ``clickc.passes.check`` calls them
with the flat ``RouterGraph``, the ``Element`` (``element.config`` is its configuration string
after parameter substitution) and a :class:`ConfigureContext`, which reports errors and warnings
under Click's "While configuring" context line.  A parser returns the typed configuration (a
dict of constants for the backend) or None after errors; a validator reports through the
context and returns nothing.

The checks and every message follow the configure() method of the Click element each hook
names; numbers and addresses are parsed by ``clickc.args`` (Click's rules), and AddressInfo
names are accepted where Click accepts them (:func:`names`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from clickc.args import AddressInfoDB, collect_addressinfo
from clickc.args.addresses import NameContext
from clickc.args.core import addressinfo_of
from clickc.args.numbers import NumError
from clickc.args.numbers import parse_int as _parse_int
from clickc.errors import ErrorHandler
from clickc.ir import Element, RouterGraph

if TYPE_CHECKING:
    from clickc.elements.spec import ElementSpec


class ConfigureContext:
    """Reports configuration errors under Click's context line.

    The first error about an element is preceded by ``FILE:LINE: While configuring 'NAME ::
    CLASS':``; the error itself is printed indented by two spaces, as Click's
    ContextErrorHandler does (lib/error.cc).  addressinfo: the router's AddressInfo names
    (``clickc.args.collect_addressinfo``), None when the caller has none.
    """

    def __init__(self, element: Element, errh: ErrorHandler,
                 addressinfo: AddressInfoDB | None = None) -> None:
        self.element = element
        self.errh = errh
        self.addressinfo = addressinfo
        self._announced = False

    def names(self) -> NameContext:
        """AddressInfo lookups as seen from this element (``clickc.args.addresses``)."""
        return NameContext(self.addressinfo, self.element.name)

    def error(self, message: str) -> None:
        """An error under the context line (Click's ``errh->error``)."""
        self._announce()
        self.errh.error(None, "  " + message)

    def message(self, message: str) -> None:
        """An informational line under the context (Click's ``errh->message``)."""
        self._announce()
        self.errh.message(None, "  " + message)

    def chatter(self, message: str) -> None:
        """A line an element prints with ``click_chatter`` while configuring: as is, without
        the context line or indentation (Click's ErrorHandler is not involved)."""
        self.errh.message(None, message)

    def warning(self, message: str) -> None:
        """A warning under the same context line (Click prints ``  warning: ...``)."""
        self._announce()
        self.errh.message(None, "  warning: " + message)
        self.errh.nwarnings += 1

    def _announce(self) -> None:
        if not self._announced:
            self._announced = True
            self.errh.message(self.element.landmark, f"While configuring '{self.element.name} "
                                                     f":: {self.element.class_name}':")


def parse_int(text: str, signed: bool = True) -> int | None:
    """Click's IntArg for a 32-bit integer, or None when ``text`` is not one."""
    try:
        return int(_parse_int(text, 32, signed))
    except NumError:
        return None


# -- AddressInfo names -------------------------------------------------------------------------

@dataclass
class AddressTable:
    """Names defined by the router's AddressInfo elements (Click's NameInfo database), flattened
    to ``{name: value}`` per kind (names inside compounds keep their ``c/`` prefix)."""

    ip: dict[str, int] = field(default_factory=dict)
    prefix: dict[str, tuple[int, int]] = field(default_factory=dict)
    ether: dict[str, bytes] = field(default_factory=dict)


def address_db(graph: RouterGraph) -> AddressInfoDB:
    """The router's AddressInfo names, built silently: the AddressInfo elements' own errors
    are reported once, by ``clickc.passes.check``."""
    return collect_addressinfo(graph, ErrorHandler())


def address_table(graph: RouterGraph) -> AddressTable:
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


def flow_code_of(graph: RouterGraph, element: Element, spec: ElementSpec | None) -> str:
    """The flow code of ``element`` in ``graph``: the code a FlowInfo element of the router
    gives it (Click's ``Router::flow_code_override``), else its class's (``spec.flow_code``;
    ``"x/x"`` without a spec).  The FlowInfo elements are read once per graph
    (``clickc.args.core.addressinfo_of``); their errors are reported by
    ``clickc.passes.check``."""
    code = addressinfo_of(graph).flow_codes.get(element.name)
    if code is not None:
        return code
    return spec.flow_code if spec is not None else "x/x"


def names(graph: RouterGraph, element: Element, ctx: object | None) -> NameContext:
    """The AddressInfo lookup context for ``element``: ``ctx.names()`` when ``ctx`` has it (a
    :class:`ConfigureContext`), else built from ``graph`` (a hook called outside
    ``clickc.passes.check``, or with a context that only collects errors)."""
    get = getattr(ctx, "names", None)
    if callable(get):
        nc: NameContext = get()
        return nc
    return NameContext(address_db(graph), element.name)


# -- per-instance C tables (Element.facts.c_code, docs/c-interface.md) ---------------------

def ip6_mask(n: int) -> bytes:
    """The 16-byte mask of an IPv6 prefix length ``n`` (0-128)."""
    return ((1 << 128) - (1 << (128 - n))).to_bytes(16, "big")


def ip6_masked(a: bytes, n: int) -> bytes:
    """``a`` (16 bytes) with the bits after the first ``n`` cleared (Click's ``dst & mask``)."""
    return bytes(x & y for x, y in zip(a, ip6_mask(n), strict=True))


def c_struct_table(name: str, fields: str, rows: list[list[bytes | int]]) -> str:
    """Per-instance C text defining ``static const struct {fields} ELEM(name)[]`` from
    ``rows`` (bytes become byte arrays, ints stay ints) and ``ELEM(name_n)``, its row count; an
    empty table gets one zero row (C has no empty arrays) and a count of 0.  The block is
    framed by ``/* name */`` and ``/* end name */`` comments for :func:`set_c_code`."""
    def lit(v: bytes | int) -> str:
        if isinstance(v, bytes):
            return "{" + ", ".join(f"0x{b:02x}" for b in v) + "}"
        return str(int(v))

    body = ",\n".join("    {" + ", ".join(lit(v) for v in r) + "}" for r in rows) or "    {0}"
    return (f"/* {name} */\n"
            f"static const struct {{ {fields} }} ELEM({name})[] = {{\n{body}\n}};\n"
            f"enum {{ ELEM({name}_n) = {len(rows)} }};\n/* end {name} */\n")


def set_c_code(element: Element, code: str) -> None:
    """Add ``code`` (a block made by :func:`c_struct_table`) to the element's per-instance C
    text, replacing the block of the same table a previous parse of the configuration added
    (the checks run more than once in a pipeline)."""
    name = code.split(" ", 2)[1]
    old = re.sub(rf"/\* {name} \*/\n.*?/\* end {name} \*/\n", "",
                 str(element.facts.c_code), flags=re.S)
    element.facts.c_code = (old.rstrip() + "\n" if old.strip() else "") + code

