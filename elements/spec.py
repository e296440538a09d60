"""Element class specifications: what the compiler knows about each Click element class.

Each element class has exactly one spec, a module under ``elements/<group>/`` that defines
``SPEC = ElementSpec(...)`` (or ``SPECS = [...]`` for a class and its synonyms), and, once it has
a C implementation, a C file next to it named by ``ElementSpec.c_file``.  The registry
(``clickc.elements.registry``) discovers specs by walking the package; nothing else needs to be
edited to add an element.

Notation follows Click's documentation (``doc/element-*``, ``Element::port_count``,
``processing``, ``flow_code``):

* ``port_count``: ``"1/1"``, ``"1/1-2"``, ``"-/="``, ``"1-/1"``, ``"0/1"``, ... — inputs "/"
  outputs, each a number, a range ``lo-hi``, ``lo-`` (at least lo), ``-`` (any number), ``=``
  (same as the other side).
* ``processing``: ``"h/l"``, ``"a/ah"``, ... — one letter per port, ``h`` push, ``l`` pull, ``a``
  agnostic; the last letter of each side repeats for the remaining ports.
* ``flow_code``: ``"x/x"`` (every input reaches every output), ``"#/#"`` (input i reaches output
  i), ``"xy/x"`` ... as Click's flow codes.

Argument types (``Arg.type``) are names understood by ``clickc.args``; see ``ARG_TYPES``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Argument type names understood by ``clickc.args`` (Click's Args/cp_* parsers).
ARG_TYPES: dict[str, str] = {
    "bool": "boolean: true/false/yes/no/1/0 (BoolArg)",
    "int": "signed 32-bit integer, decimal, octal (0 prefix) or hex (0x) (IntArg)",
    "unsigned": "unsigned 32-bit integer (IntArg<uint32_t>)",
    "int64": "signed 64-bit integer",
    "unsigned64": "unsigned 64-bit integer",
    "byte": "unsigned 8-bit integer",
    "uint16": "unsigned 16-bit integer",
    "real": "decimal real number (DoubleArg)",
    "fixed": "fixed-point real (FixedPointArg), e.g. rates and probabilities",
    "time": "time interval with units s/ms/us/ns/min/h, default seconds (TimestampArg/SecondsArg)",
    "seconds": "time interval in whole seconds (SecondsArg)",
    "milliseconds": "time interval in milliseconds (SecondsArg with 3 decimal places)",
    "bandwidth": "bandwidth with units bps/kbps/Mbps/Gbps/Bps..., value in bytes/s (BandwidthArg)",
    "ip": "IPv4 address or AddressInfo name (IPAddressArg)",
    "ipprefix": "IPv4 address/prefix or address/mask (IPPrefixArg)",
    "ipprefix_or_addr": "IPv4 prefix; a bare address is a /32 (IPPrefixArg allow_bare_address)",
    "ip6": "IPv6 address (IP6AddressArg)",
    "ip6prefix": "IPv6 prefix (IP6PrefixArg)",
    "ether": "Ethernet address or AddressInfo name (EtherAddressArg)",
    "string": "string, quotes removed and escapes processed (StringArg)",
    "word": "a single word, no spaces (WordArg)",
    "anything": "the raw argument text (AnyArg)",
    "element": "a reference to another element of the router (ElementArg)",
    "handler": "an ELEMENT.HANDLER name (HandlerCallArg)",
    "filename": "a file name (FilenameArg)",
    "ethertype": "16-bit Ethernet type (e.g. 0x0800)",
    "ipproto": "IP protocol number or name (tcp, udp, icmp...)",
    "port": "TCP/UDP port number or well-known name",
    "encap": "link-layer encapsulation name for pcap (ETHER, IP, ...)",
}

#: Schedulable kinds (where control enters the router, SMP Click §2 / Click's Task elements).
SCHEDULABLE_KINDS = (None, "source", "pull-sink", "unqueue", "timer")

#: How an element's state is shared when the router runs on several threads.
STATE_KINDS = (
    "none",          # stateless: nothing to protect
    "counters",      # statistics only: per-thread copies summed by read handlers
    "per-flow",      # state keyed by a flow; may be split by the same flow key
    "shared",        # truly shared state: needs a lock or single-thread placement
    "queue",         # a Queue: storage is a ring chosen by the backend
    "readonly",      # tables built at compile time, read-only at run time
)


@dataclass(frozen=True)
class Arg:
    """One configuration argument.

    name: Click's keyword (upper case, e.g. ``"CAPACITY"``).  type: a key of ``ARG_TYPES``.
    positional: the argument may be given positionally (Click's ``read_mp``/``read_p``); the
    order of positional arguments is their order in ``ElementSpec.args``.  required: a missing
    value is an error ("missing mandatory NAME argument").  default: the value when absent (a
    parsed Python value, not text).  repeat: the keyword may appear several times (all kept).
    """

    name: str
    type: str
    positional: bool = False
    required: bool = False
    default: Any = None
    repeat: bool = False
    doc: str = ""


@dataclass(frozen=True)
class Handler:
    """A read and/or write handler, with Click's name (``count``, ``reset``, ...)."""

    name: str
    read: bool = True
    write: bool = False
    doc: str = ""


@dataclass(frozen=True)
class ElementSpec:
    """Everything the compiler knows about one element class.

    config: how the configuration string is parsed: ``"args"`` (by ``args`` with Click's Args
    rules), ``"none"`` (must be empty), or ``"custom"`` (a class-specific parser, e.g. Classifier
    patterns or a route list; ``custom_parser`` names a function ``module:function``).
    schedulable: one of ``SCHEDULABLE_KINDS``.  state: one of ``STATE_KINDS``.
    c_file: the C implementation relative to ``elements/`` (None until implemented).
    cost: estimated cycles per packet (a prior; profiles replace it).
    batchable: processes a batch by looping (DoubleClick Table 1) without per-packet timing.
    """

    name: str
    port_count: str
    processing: str
    flow_code: str = "x/x"
    args: tuple[Arg, ...] = ()
    config: str = "args"
    custom_parser: str | None = None
    handlers: tuple[Handler, ...] = ()
    schedulable: str | None = None
    state: str = "none"
    c_file: str | None = None
    cost: float = 20.0
    batchable: bool = True
    doc: str = ""
    synonyms: tuple[str, ...] = field(default=())
