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

Argument types (``Arg.type``) are names understood by ``clickc.args``; see ``ARG_TYPES``.  A type
``"T list"`` (``"ip list"``) is a space-separated list of ``T`` values (Click's ``Vector<T>``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from clickc.args.flowcode import flow as flow  # re-exported: specs and passes ask it here
from clickc.args.lexing import cp_argvec

if TYPE_CHECKING:
    from clickc.ir import Element, RouterGraph

    from .hooks import ConfigureContext

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
    "tcp_port": "TCP port number, well-known name or PortInfo name for TCP (IPPortArg)",
    "udp_port": "UDP port number, well-known name or PortInfo name for UDP (IPPortArg)",
    "encap": "link-layer encapsulation name for pcap (ETHER, IP, ...)",
    "int8": "signed 8-bit integer",
    "int16": "signed 16-bit integer",
    "fixed16": "fixed-point real with 16 fraction bits (FixedPointArg(16))",
    "fixed28": "fixed-point real with 28 fraction bits (FixedPointArg(28))",
    "time_signed": "time interval that may be negative (TimestampArg(true))",
    "microseconds": "time interval in microseconds (SecondsArg with 6 decimal places)",
    "ip6prefix_or_addr": "IPv6 prefix; a bare address is a /128 (IP6PrefixArg allow_bare_address)",
    "keyword": "a keyword: letters, digits and underscores (KeywordArg)",
    "icmp_type": "ICMP type number or name (echo, unreachable, ...; NamedIntArg T_ICMP_TYPE)",
    "icmp_code": "ICMP code number or name, interpreted for the TYPE argument (ICMPError)",
    "anno": "a packet annotation name (PAINT, DST_IP, ...) or byte offset (AnnoArg)",
    "anno1": "a one-byte annotation name or offset (AnnoArg(1))",
    "anno2": "a two-byte annotation name or offset (AnnoArg(2))",
    "anno4": "a four-byte annotation name or offset (AnnoArg(4))",
    "anno8": "an eight-byte annotation name or offset (AnnoArg(8))",
    "dscp": "a DSCP value, 0 to 63 (SetIPDSCP)",
    "iplist": "space-separated IPv4 addresses (Vector<IPAddress>; same as 'ip list')",
    "words": "space-separated words kept as text (cp_spacevec)",
    "interfaces": "space-separated address/prefix pairs, one per interface (CheckIPHeader's "
                  "InterfacesArg)",
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

#: State kinds that need nothing when several threads execute one instance (docs/
#: concurrency.md): the others (``counters``, ``per-flow``, ``shared``) need a concurrency
#: policy that lets several threads share the instance, else the placement pass refuses it.
SAFE_STATES = ("none", "readonly", "queue")

#: ``ElementSpec.concurrency``: how a class whose state needs protection stays correct when
#: several threads execute one instance (docs/concurrency.md, "Mechanisms";
#: elements/standard/ckstat.h).  The first three let several threads execute it (its C
#: template tests ``ELEMENT_NTHREADS`` and says what it does above 1); ``one-thread`` states
#: that it runs on one thread only, as a class that names no policy.
ConcurrencyPolicy = Literal["per-thread", "atomic", "lock", "one-thread"]

#: Every ``ConcurrencyPolicy``, with its meaning (the element reference pages print it).
CONCURRENCY_POLICIES: dict[ConcurrencyPolicy, str] = {
    "per-thread": "per-thread copies summed by the read handlers",
    "atomic": "relaxed atomics",
    "lock": "an element lock",
    "one-thread": "one thread only",
}
#: The policies under which several threads may execute one instance.
SHARING_POLICIES: tuple[ConcurrencyPolicy, ...] = ("per-thread", "atomic", "lock")


#: Values of ``ElementSpec.ip_header`` (what the class does to the packet's IP header).
IP_HEADER_KINDS = (
    None,
    "marks",   # the IP header is at the OFFSET argument after it (CheckIPHeader, MarkIPHeader)
    "encap",   # puts a new IP header at the front of the packet (IPEncap, ICMPError's packets)
    "strip",   # removes the IP header from the front (StripIPHeader)
    "esp",     # puts an ESP header (SPI first) at the front (IPsecESPEncap)
)

#: Values of ``ElementSpec.removable_inputs``.
REMOVABLE_INPUT_KINDS = (None, "ports", "ports-and-args")


class Configured(Protocol):
    """What a trait rule (a callable in a spec) may read of an element instance: its class,
    its configuration string and, once parsed, its arguments (``clickc.ir.Element`` has
    them)."""

    @property
    def class_name(self) -> str: ...

    @property
    def config(self) -> str: ...

    @property
    def args(self) -> dict[str, Any] | None: ...


#: A trait that depends on an instance's arguments: called with the element.
BoolRule = Callable[[Configured], bool]
#: ``header_delta`` of an instance (None: not known from its configuration).
DeltaRule = Callable[[Configured], "int | None"]
#: A size that depends on an instance's arguments (``table_entries``): None when unknown.
SizeRule = Callable[[Configured], "int | None"]


def arg_size(name: str) -> SizeRule:
    """A ``SizeRule`` reading integer argument ``name`` of an instance (None when it is not a
    parsed integer, e.g. a run-time parameter)."""
    def rule(e: Configured) -> int | None:
        v = (e.args or {}).get(name)
        return v if isinstance(v, int) and not isinstance(v, bool) else None
    return rule


def limit_given(e: Configured) -> bool:
    """A ``BoolRule``: the instance's LIMIT argument is an integer of 0 or more (a source that
    stops after LIMIT packets)."""
    v = (e.args or {}).get("LIMIT")
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def int_arg(e: Configured, name: str, default: int) -> int | None:
    """Integer argument ``name`` of ``e``: its parsed value, else the first configuration word
    read as an integer (base prefix allowed; empty: ``default``).  None when the value is not
    an integer (a run-time parameter, a malformed word)."""
    if e.args is not None and name in e.args and e.args[name] is not None:
        v = e.args[name]
        return int(v) if isinstance(v, int) else None
    parts = cp_argvec(e.config)
    head = parts[0].strip() if parts else ""
    if not head:
        return default
    try:
        return int(head, 0)
    except ValueError:
        return None


def arg_value(e: Configured, name: str, default: Any) -> Any:
    """Parsed argument ``name`` of ``e``, or ``default`` when absent or unparsed."""
    v = (e.args or {}).get(name)
    return default if v is None else v


def truthy(v: Any) -> bool:
    """A boolean argument's value, parsed (bool) or still text (``false``/``no``/``0``/empty
    are false)."""
    if isinstance(v, str):
        return v.strip().lower() not in ("false", "no", "0", "")
    return bool(v)


@dataclass(frozen=True)
class Arg:
    """One configuration argument.

    name: Click's keyword (upper case, e.g. ``"CAPACITY"``).  type: a key of ``ARG_TYPES``, or
    ``"T list"`` for a space-separated list of ``T`` values.
    positional: the argument may be given positionally (Click's ``read_mp``/``read_p``); the
    order of positional arguments is their order in ``ElementSpec.args``.  required: a missing
    value is an error ("missing mandatory NAME argument").  default: the value when absent (a
    parsed Python value, not text).  repeat: the keyword may appear several times (all kept).
    deprecated: Click reads it with ``Args::deprecated``: when given, Click warns
    "NAME: warning: argument deprecated" (and still uses the value).
    """

    name: str
    type: str
    positional: bool = False
    required: bool = False
    default: Any = None
    repeat: bool = False
    doc: str = ""
    deprecated: bool = False


@dataclass(frozen=True)
class Handler:
    """A read and/or write handler, with Click's name (``count``, ``reset``, ...).

    read_param: the read handler takes a parameter (Click's ``Handler::f_read_param``, e.g.
    a route table's ``lookup ADDR``): its C function finds the parameter in its buffer and
    replaces it with the value (docs/c-interface.md); a handler without it refuses one.
    """

    name: str
    read: bool = True
    write: bool = False
    doc: str = ""
    read_param: bool = False
    #: The sides (``"read"``, ``"write"``) of a handler Click's class has that clickc's C file
    #: does not provide: the router has no such side (calling it fails as for an unknown
    #: handler).  The registry checks the C file against this (clickc.elements.registry).
    c_missing: tuple[str, ...] = ()


class CustomParser(Protocol):
    """A ``custom_parser`` hook: ``parser(graph, element, ctx)`` parses ``element.config`` (the
    element of the flat ``graph``), reports errors through ``ctx`` (Click's messages) and
    returns the typed configuration, or None after errors (``clickc.elements.hooks``)."""

    def __call__(self, graph: RouterGraph, element: Element, ctx: ConfigureContext,
                 /) -> dict[str, Any] | None: ...


class Validator(Protocol):
    """A ``validate`` hook: ``validate(graph, element, args, ctx)`` checks the parsed ``args``
    (``Element.args``) against the element's connections or each other, reporting errors
    through ``ctx``; called only when the arguments parsed without error."""

    def __call__(self, graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext, /) -> None: ...


@dataclass(frozen=True)
class HotState:
    """How an element's state moves at a hot reconfiguration (``clickc run -R`` and the
    ``hotconfig`` handler; docs/reconfiguration.md).  The new router's element takes the state of
    the old router's element with the same name when the classes are compatible (Click's rule:
    the same class, or one named in ``accepts``).  The transfer code is generated from this
    record (compiler/backend/render.py) and runs with every thread stopped, after the new
    router initialized and before it runs.

    copy: the names of the C file's per-instance static variables (``ELEM(NAME)``) copied by
    value from the old element, each only when the old one has a variable of that name and
    size (a Counter's counts, a Queue's drop count).  copy_threaded: the variables instead when
    several threads execute the instance (``ELEMENT_NTHREADS > 1``); None: ``copy``.
    expose: variables published to a successor's take without being copied (``CK_HOT_MOVE``,
    ``CK_HOT_COPY``, ``CK_HOT_SAME_STRING`` in runtime/hotswap.h: a FromDump moves its file
    only to a FromDump of the same FILENAME).
    take: the C file defines ``int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)``,
    run after the copies for what a copy cannot do (a Queue moves its packets into storage of
    the new capacity and counts the overflow as drops with a reason).
    key, keyed: the variables of ``keyed`` are copied only when every variable of ``key``
    has the same value (bytes) in both elements, after the new element's initialization (a
    RatedSource's tokens and last refill continue at the same rate and burst; another rate
    starts as configured).  timers: ``ck_timer`` variables; a timer the new element scheduled
    at initialization fires at the old timer's next expiry instead, when the old one was
    scheduled (a TimedSource keeps its phase).
    drain: the C file defines ``ck_packet *ELEM(hot_drain)(void)`` (the oldest packet held, or
    NULL), which a successor's take calls.  give: the C file defines ``void ELEM(hot_give)(void)``,
    run on the old element after the transfer so that its cleanup closes or frees nothing that
    moved (a ControlSocket's socket and connections).  accepts: other classes whose state this
    class takes (their variables must have the same names and meaning).
    """

    copy: tuple[str, ...] = ()
    copy_threaded: tuple[str, ...] | None = None
    expose: tuple[str, ...] = ()
    key: tuple[str, ...] = ()
    keyed: tuple[str, ...] = ()
    timers: tuple[str, ...] = ()
    take: bool = False
    drain: bool = False
    give: bool = False
    accepts: tuple[str, ...] = ()

    def variables(self, nthreads: int) -> tuple[str, ...]:
        """The variables copied for an instance executed by ``nthreads`` threads."""
        if nthreads > 1 and self.copy_threaded is not None:
            return self.copy_threaded
        return self.copy


@dataclass(frozen=True)
class ElementSpec:
    """Everything the compiler knows about one element class.

    config: how the configuration string is parsed: ``"args"`` (by ``args`` with Click's Args
    rules), ``"none"`` (must be empty), or ``"custom"`` (a class-specific parser, e.g. Classifier
    patterns or a route list, parsed by ``custom_parser``).
    schedulable: one of ``SCHEDULABLE_KINDS``.  state: one of ``STATE_KINDS``.
    c_file: the C implementation relative to ``elements/`` (None until implemented).
    cost: estimated cycles per packet (a prior; profiles replace it).
    batchable: processes a batch by looping (DoubleClick Table 1) without per-packet timing.
    drivers: Click drivers that provide the class (``userlevel``, ``linuxmodule``, ...).
    custom_parser: the parser of a ``"custom"`` configuration (a :class:`CustomParser` defined
    beside the spec; None keeps the configuration text as ``{"config": text}``).  validate: an
    optional :class:`Validator` called after argument parsing for checks that involve the
    element's connections (e.g. Tee's ``N`` against its output count); see
    ``clickc.passes.check`` and ``clickc.elements.hooks``.  libs: linker flags a router with
    this class needs (e.g. ``("-lcrypto",)``); pkg_config: pkg-config packages whose
    ``--cflags``/``--libs`` it needs (e.g. ``("libdpdk",)``); a router without the class never
    needs either.  group: the Click element group (``standard``, ``ip``, ...), filled in by the
    registry from the spec module's directory.  configure_phase: Click's
    ``Element::configure_phase`` (elements are configured in increasing phase, then declaration
    order; 0 FIRST, 20 INFO, 90 PRIVILEGED, 100 DEFAULT).
    doc: the class's one-line description; left empty, the registry fills it from the spec
    module's docstring, whose first paragraph reads ``<name>: <description>`` (the description
    with whitespace folded to single spaces; ``clickc.elements.registry.module_summary``).

    ``name``, ``port_count``, ``processing`` and ``flow_code`` come first so that a spec states
    them positionally, ``ElementSpec('Tee', '1/-', 'a/a', ...)``; ``flow_code`` is left out when
    it is the default ``"x/x"``.
    """

    name: str
    port_count: str
    processing: str
    flow_code: str = "x/x"
    args: tuple[Arg, ...] = ()
    config: str = "args"
    custom_parser: CustomParser | None = None
    handlers: tuple[Handler, ...] = ()
    schedulable: str | None = None
    state: str = "none"
    c_file: str | None = None
    cost: float = 20.0
    batchable: bool = True
    doc: str = ""
    synonyms: tuple[str, ...] = field(default=())
    drivers: tuple[str, ...] = ("userlevel",)
    validate: Validator | None = None
    group: str = ""
    configure_phase: int = 100
    libs: tuple[str, ...] = ()
    pkg_config: tuple[str, ...] = ()
    #: The task listens to an empty notifier (Click's ``Notifier::upstream_empty_signal``): when
    #: its pull finds nothing and every Queue upstream is empty it sleeps until one of them
    #: receives a packet (Discard, Unqueue, ToDump...; clickc.backend.notifier).  Set only for
    #: classes whose ``run_task`` does nothing else when the pull comes back empty.
    empty_signal: bool = False
    #: The task listens to a full notifier (Click's ``Notifier::downstream_full_signal``, the
    #: ``_nonfull_signal`` of InfiniteSource and RandomSource): it pushes nothing while every
    #: Queue downstream is full and sleeps until a pull from one of them makes room
    #: (clickc.backend.notifier).  Set only for classes whose ``run_task`` may simply skip a run.
    nonfull_signal: bool = False
    #: The packets the class emits for a packet depend on that packet, the configuration and
    #: tables read at run time only: no counter, sequence, random number or clock reaches them,
    #: and it holds no packet back.  Replicas of such elements fed one stream in any split
    #: give the same packets; flow-split's ordered replication (OrderSplit/OrderMerge,
    #: docs/passes.md) replicates only these.  Statistics counters are allowed (summed).
    per_packet: bool = False
    #: How the class stays correct when several threads execute one instance (docs/
    #: concurrency.md): one of ``CONCURRENCY_POLICIES``, i.e. per-thread copies, relaxed
    #: atomics, an element lock, or one thread only; None for state kinds that need nothing
    #: (``SAFE_STATES``, where the registry refuses a policy) or when the class is
    #: refused on several threads.  The registry checks it against the C file (a sharing
    #: policy if and only if the template tests ``ELEMENT_NTHREADS``); the placement pass reads
    #: it (:attr:`shareable`).
    concurrency: ConcurrencyPolicy | None = None
    #: What ``concurrency`` protects and how, in words (the element reference pages print it).
    concurrency_note: str = ""

    # -- traits: facts of the class the passes and the backend ask (docs/adding-an-element.md).
    #: Click's ``Element::flags()`` string for the flags the class declares: ``S`` source/sink
    #: (``S0`` neither, ``S1`` source, ``S2`` sink, ``S3`` both) and ``L`` liveness (``L2``:
    #: its flow code does not tell which ports are live), e.g. ``"S0"``, ``"L2"``.  Empty: no
    #: flag (click-undead then decides by port counts).  Read with :meth:`click_flag`.
    click_flags: str = ""
    #: A packet scheduler: a pull element that, on each pull of its one output, chooses one of
    #: its inputs to pull from (Click's PrioSched, RoundRobinSched, StrideSched, DRRSched).
    scheduler: bool = False
    #: The empty-signal search (compiler/backend/notifier.py) passes through this element
    #: although it has state: it holds no packet and a pull that finds nothing leaves its state
    #: as it was, so a task that sleeps instead of pulling sees the same pulls afterwards
    #: (RoundRobinSched, SimpleRoundRobinSched; not StrideSched, whose passes grow, nor
    #: DRRSched, which holds packets).
    sleep_neutral: bool = False
    #: Its C prints the notifier signal of its input 0 (NOTIFIER_DEBUG_SIGNAL, made by
    #: compiler/backend/notifier.py: debug_signal_code): NotifierDebug.
    shows_signal: bool = False
    #: A push switch that spreads its packets over all its outputs without looking at them in
    #: a way a configuration controls per output (hash, round robin, stride, random): each
    #: output gets a share (HashSwitch, RoundRobinSwitch, StrideSwitch, RandomSwitch).
    spreader: bool = False
    #: One of the ordered-replication classes sharing ``ck_orders[GROUP]`` (elements/threads/
    #: ckorder.h): its ``GROUP`` argument numbers the order it belongs to.
    order_group: bool = False
    #: Writes lines to the process's output streams per packet (Print and its kin): copies on
    #: several threads would interleave their lines differently.
    shared_output: bool = False
    #: The configuration is a script of handler calls resolved at run time through the
    #: handler table (Script, DriverManager): names in it are not element references.
    handler_script: bool = False
    #: Its ``THREADS`` argument assigns elements to threads (Click's StaticThreadSched):
    #: ``(element name, thread)`` pairs.
    assigns_threads: bool = False
    #: An empty notifier (Click's ``Notifier``): a queue whose C wakes the tasks listening to
    #: it when a push makes it non-empty (elements/standard/queue.c; clickc.backend.notifier),
    #: or another class whose C defines ``ELEM(empty)`` (1: inactive) and calls
    #: ``QUEUE_WAKE()`` (defined when it has listeners) when it becomes active (Idle,
    #: InfiniteSource, PullSwitch).
    empty_notifier: bool = False
    #: With ``empty_notifier`` on a class that is no queue: an empty notifier whose signal is
    #: its selected input's (Click's PullSwitch).  Its C defines ``ELEM(notify)`` (Click's
    #: wake callback), called when one of its inputs' notifiers wakes, and reads the inputs'
    #: signals through ``NOTIFIER_INPUT_ACTIVE(i)`` (clickc.backend.notifier).
    forwards_empty_notifier: bool = False
    #: A full notifier (Click's FullNoteQueue): a queue whose C wakes the tasks listening to it
    #: when a pull, a reset or a larger capacity gives it room again (elements/standard/queue.c,
    #: its ``QUEUE_FULL_WAKE()``; clickc.backend.notifier).
    full_notifier: bool = False
    #: The per-packet result does not depend on packet order or time, so a batch may process
    #: the class out of Click's interleaving (clickc.passes.batching): state none, read-only
    #: tables or counters that only add, no timer, clock decision, random number or handler
    #: call on the packet path.  A ``BoolRule`` when it depends on the arguments.
    order_free: bool | BoolRule = False
    #: Reads the packet's timestamp annotation: None when its C file decides (the registry
    #: finds ``ts_ns`` reads there), a ``BoolRule`` for a class that reads it only under an
    #: argument (Print's ``TIMESTAMP``).
    reads_timestamp: bool | BoolRule | None = None
    #: How the class moves the packet's headers relative to the start of its data, in bytes
    #: (positive: a header is pushed in front, negative: bytes are stripped): 0 for a class
    #: that leaves every header where it was, a ``DeltaRule`` when it depends on an argument
    #: (Strip's ``LENGTH``), None when unknown or not a fixed shift (the flow-key search of
    #: clickc.passes.flowkey stops there).
    header_delta: int | DeltaRule | None = None
    #: What the class does to the IP header: one of ``IP_HEADER_KINDS``.
    ip_header: str | None = None
    #: Keeps every header in place but makes the bytes behind the ESP header ciphertext (or
    #: appends/strips an authenticator at the end): an IPsec cipher.
    cipher: bool = False
    #: Sends on only TCP or UDP packets it has checked: after it the transport header follows
    #: the IP header (CheckTCPHeader, CheckUDPHeader).
    checks_transport: bool = False
    #: The configuration is one IP filter rule per output (IPClassifier, IPFilter): the rule
    #: of an output says which protocols leave there.
    ip_rules: bool = False
    #: Its configuration is one output (push) or input (pull) number fixed at configuration
    #: time: every packet takes that port (StaticSwitch).  click-undead rewires it away.
    static_switch: bool = False
    #: Hands each packet on unchanged, one input to one output, no state (Click's Null);
    #: click-undead splices it out.  (PushNull and PullNull are not marked: click-undead
    #: keeps them.)
    wire: bool = False
    #: An input that never delivers a packet (unconnected or fed by Idle) can be removed and
    #: the later inputs renumbered without changing what it does, and with one input left it
    #: is a wire: ``"ports"``, or ``"ports-and-args"`` when the configuration has one argument
    #: per input that goes with it (StrideSched's tickets).  click-undead removes them.
    removable_inputs: str | None = None
    #: An unconnected output can be removed and the later outputs renumbered (its
    #: configuration, if any, is the output count), and with one output left it is a wire
    #: (Tee; for a pull tee, output 0, the pull output, stays).  click-undead removes them.
    removable_outputs: bool = False
    #: A source whose task emits a finite stream (a file; a LIMIT of 0 or more): a plan that
    #: makes its packets cross threads waits for room instead of dropping
    #: (clickc.backend.backpressure).  A ``BoolRule`` when it depends on the arguments.
    finite: bool | BoolRule = False
    #: Decides when a packet leaves by a rate or the clock (RatedUnqueue, Shaper, DelayUnqueue
    #: and their kin): a Queue drained through it drops in any plan, so cross-thread
    #: back-pressure leaves it alone (clickc.backend.backpressure).
    paced: bool = False
    #: Drops packets (or sends them to its second output) by a decision that reads the summed
    #: length of queues it watches (Click's Storage elements, found by its QUEUES argument or
    #: the nearest ones; ``ElementFacts.watched_queues``): RED and its kin.  In a plan where
    #: another thread pulls those queues, or feeds the element, the lengths it reads follow
    #: that thread's timing, so its drops can differ from the plain program's
    #: (clickc.equivalence: ``clickc verify`` reports them as timing notes, docs/verify.md).
    queue_length_drops: bool = False
    #: The number of entries of the read-only table the class searches once per packet (the
    #: route tables: their routes), or None.  The batch pass's cost model prices the lookup's
    #: cache misses from it (docs/batching.md, "Vector mode").
    table_entries: SizeRule | None = None
    #: The most packets a source's task emits per run (its ``BURST``; None: one): a vector
    #: region fed by it processes up to that many packets at once (clickc.passes.batching).
    burst: SizeRule | None = None
    #: A source that can run as one copy per thread, each copy reading the whole input and
    #: emitting one flow-hash share of it (flow-split's sharded file sources, docs/passes.md
    #: "Sharded file sources"): its configuration then takes the keywords ``SHARD`` K,
    #: ``SHARDS`` N, ``SHARD_OFFSET`` and ``SHARD_LENGTH`` (copy K emits the packets a
    #: HashSwitch(SHARD_OFFSET, SHARD_LENGTH) of N outputs sends to output K).  A rule giving,
    #: for an instance, why it cannot be sharded (a phrase) or None when it can; None: the class
    #: cannot.
    shardable: Callable[[Configured], str | None] | None = None
    #: Functions of the C file with a handler's name and signature that are not handlers of
    #: this class (helpers the handlers call, or a shared C body's handler the class does not
    #: have): the registry's check accepts them.
    c_helpers: tuple[str, ...] = ()
    #: How the state of an instance moves to the element of the same name when a running
    #: ``clickc run -R`` router is reconfigured (:class:`HotState`); None: nothing moves, the
    #: new element starts from its configuration (docs/reconfiguration.md).
    hot: HotState | None = None

    # -- traits, asked ---------------------------------------------------------------------
    @property
    def shareable(self) -> bool:
        """Whether several threads may execute one instance: its state needs nothing
        (``SAFE_STATES``) or its ``concurrency`` is one of ``SHARING_POLICIES``."""
        return self.state in SAFE_STATES or self.concurrency in SHARING_POLICIES

    def task_kind(self, in_push: Sequence[bool], out_push: Sequence[bool]) -> str | None:
        """The schedulable kind of an instance whose ports are push (True) or pull (False),
        ``in_push`` per input and ``out_push`` per output, if it is a task there, else None.

        As Click's elements decide in ``initialize``: a ``source`` (InfiniteSource,
        FromDump...) whose outputs are all pull is pulled and schedules nothing; a
        ``pull-sink`` (Discard, ToDump, ToDevice...) whose inputs are all push runs on the
        pusher's call and schedules nothing; ``unqueue`` and ``timer`` elements always are
        tasks; a class that is not ``schedulable`` never is.  A source without outputs or a
        pull sink without inputs is a task.  The one reader of ``schedulable`` for this
        question: the thread analysis (clickc.passes.threads.task_kind, with the port kinds
        push/pull inference resolved) and the backend (clickc.backend.model, with its own
        port kinds) both ask it.
        """
        kind = self.schedulable
        if kind == "source" and out_push and not any(out_push):
            return None
        if kind == "pull-sink" and in_push and all(in_push):
            return None
        return kind

    def click_flag(self, letter: str) -> int:
        """The value of Click flag ``letter`` (``"S"``, ``"L"``) in ``click_flags``, or -1
        when the class does not declare it."""
        return click_flag(self.click_flags, letter)

    def table_size(self, e: Configured) -> int | None:
        """``table_entries`` of instance ``e`` (None when the class has no table or its size is
        not known at compile time)."""
        return None if self.table_entries is None else self.table_entries(e)

    def is_finite(self, e: Configured) -> bool:
        """``finite`` for instance ``e`` (a rule is applied to it)."""
        return self.finite if isinstance(self.finite, bool) else self.finite(e)

    def is_order_free(self, e: Configured) -> bool:
        """``order_free`` for instance ``e`` (a rule is applied to it)."""
        return self.order_free if isinstance(self.order_free, bool) else self.order_free(e)

    def delta(self, e: Configured) -> int | None:
        """``header_delta`` for instance ``e`` (a rule is applied to it)."""
        d = self.header_delta
        return d if d is None or isinstance(d, int) else d(e)

    @property
    def data_neutral(self) -> bool:
        """Leaves every header where it was whatever its configuration (``header_delta`` is
        the constant 0) and is no cipher."""
        return isinstance(self.header_delta, int) and self.header_delta == 0 and not self.cipher

    # -- Click's notations, decoded ------------------------------------------------------------
    def port_ranges(self, ninputs: int | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
        """The allowed ``((in_lo, in_hi), (out_lo, out_hi))`` port counts.

        ``hi`` is ``PORTS_ANY`` for an unbounded range.  An ``=`` output count ("as many outputs
        as inputs", ``=+`` one more, ...) depends on the element's input count ``ninputs``
        (clamped to the input range as Click's checker does); with ``ninputs=None`` the input
        minimum is used.  Raises ValueError on a malformed code.  Source: Click's
        ``Element::port_count`` documentation and tools/lib/processingt.cc ``check_nports``.
        """
        return parse_port_count(self.port_count, ninputs)

    def input_processing(self, port: int) -> str:
        """``"h"``, ``"l"`` or ``"a"`` for input ``port`` (the last letter repeats)."""
        return processing_letter(self.processing, 0, port)

    def output_processing(self, port: int) -> str:
        """``"h"``, ``"l"`` or ``"a"`` for output ``port`` (the last letter repeats)."""
        return processing_letter(self.processing, 1, port)


def click_flag(flags: str, letter: str) -> int:
    """The number after ``letter`` in a Click flags string (``"S0L2"``, ``"S3"``), or -1 when
    the letter is absent.  Raises ValueError when the letter is present without a number."""
    m = re.search(re.escape(letter) + r"(\d+)", flags)
    if m is None:
        if letter in flags:
            raise ValueError(f"Click flag {letter!r} without a value in {flags!r}")
        return -1
    return int(m.group(1))


#: Upper bound standing for "any number of ports" in decoded port counts.
PORTS_ANY = 1 << 30


def _port_pair(s: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d*)(-?)(\d*)", s)
    if m is None or (m.group(3) and not m.group(2)):
        raise ValueError(f"syntax error in port count {s!r}")
    lo = int(m.group(1)) if m.group(1) else 0
    if not m.group(2):
        if not m.group(1):
            raise ValueError(f"syntax error in port count {s!r}")
        return lo, lo
    return lo, int(m.group(3)) if m.group(3) else PORTS_ANY


@functools.lru_cache(maxsize=4096)
def parse_port_count(code: str, ninputs: int | None = None) -> tuple[tuple[int, int],
                                                                         tuple[int, int]]:
    """Decode a port count code (``"1/1-2"``, ``"-/="``, ``"1-/=+"``, ``"2"`` ...).

    Returns ``((in_lo, in_hi), (out_lo, out_hi))``; see ``ElementSpec.port_ranges``.  A code
    without ``/`` applies to both sides.  Raises ValueError when the code is malformed.
    """
    ins, sep, outs = code.partition("/")
    if not sep:
        outs = ins
    inr = _port_pair(ins)
    if outs.startswith("="):
        if outs.strip("+") != "=" or outs.count("=") != 1:
            raise ValueError(f"syntax error in port count {code!r}")
        n = inr[0] if ninputs is None else min(max(ninputs, inr[0]), inr[1])
        k = n + len(outs) - 1
        return inr, (k, k)
    return inr, _port_pair(outs)


def arg_type_known(type_name: str) -> bool:
    """Whether ``type_name`` is a key of ``ARG_TYPES`` or ``"T list"`` for such a key."""
    base = type_name[:-5] if type_name.endswith(" list") else type_name
    return base in ARG_TYPES


def processing_letter(code: str, side: int, port: int) -> str:
    """Letter (``h``/``l``/``a``) of ``port`` on ``side`` (0 inputs, 1 outputs) of a processing
    code such as ``"a/ah"``; the last letter of a side repeats.  A code without ``/`` uses the
    same letters for both sides.  Raises ValueError on a malformed code."""
    ins, sep, outs = code.partition("/")
    letters = (outs if sep else ins) if side else ins
    if not letters or any(c not in "hla" for c in letters):
        raise ValueError(f"syntax error in processing code {code!r}")
    return letters[min(port, len(letters) - 1)]


# -- flow codes (ProcessingT::code_flow): clickc.args.flowcode's ``flow`` ------------------
