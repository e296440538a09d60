"""The data the C templates render: one :class:`ElementModel` per element instance.

Everything the generated C depends on is decided here, in Python, so the templates stay plain
presentation and the output is deterministic (elements in index order, ports in port order).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clickc.args import values as argvalues
from clickc.cformat import c_comment, c_ident, c_string
from clickc.elements.cfacts import CFacts
from clickc.elements.registry import SpecSource
from clickc.elements.spec import ElementSpec
from clickc.passes.pushpull import used_port_counts

from ..errors import ClickError, ErrorHandler
from ..ir import Element, RouterGraph
from .backpressure import full_signal_queues
from .counters import plan_counters
from .notifier import (
    debug_signal_code,
    empty_signal_queues,
    input_signal,
    nonfull_signal_queues,
    spec_or_none,
)

if TYPE_CHECKING:
    from .counters import CounterPlan


@dataclass
class RuntimeBinding:
    """One configuration argument whose value is set from a run-time parameter of the program.

    kind: ``"string"`` (value = prefix + VALUE + suffix) or an integer kind (``"int"``,
    ``"unsigned"``, ``"int64"``, ``"unsigned64"``, ``"bool"``; the whole argument is VALUE).
    """

    param: str
    var: str
    c_type: str
    kind: str
    default_expr: str
    prefix: str = ""
    suffix: str = ""
    lo: int = 0
    hi: int = 0

    @property
    def decl(self) -> str:
        """The C declarator of the variable (``const char *e0_param_FILENAME``)."""
        sep = "" if self.c_type.endswith("*") else " "
        return f"{self.c_type}{sep}{self.var}"

    @property
    def lo_c(self) -> str:
        return "INT64_MIN" if self.lo == -(2**63) else f"{self.lo}LL"

    @property
    def hi_c(self) -> str:
        return f"{self.hi}ULL"


@dataclass
class ConfModel:
    """``CONF(NAME)``, ``CONF_LEN(NAME)`` and ``CONF_GIVEN(NAME)`` of one instance."""

    name: str
    expr: str
    length: str
    given: int
    runtime: RuntimeBinding | None = None


@dataclass
class HandlerModel:
    name: str
    cname: str
    read: bool
    write: bool
    read_param: bool = False   # CK_HANDLER_READ_PARAM (Handler.read_param)


@dataclass
class OutputModel:
    """Output ``port``: push target ``(element index, input port)`` or pull (``target`` None)."""

    port: int
    push: bool
    target: tuple[int, int] | None
    #: C statement that replaces the direct call of the target's push (batch conversion,
    #: clickc.backend.batching); "" for the direct call.
    call: str = ""


@dataclass
class InputModel:
    """Input ``port``: pull source ``(element index, output port)`` or push (``source`` None)."""

    port: int
    push: bool
    source: tuple[int, int] | None


@dataclass
class ElementModel:
    index: int
    name: str
    class_name: str
    landmark: str
    config: str
    include: str
    thread: int
    inputs: list[InputModel]
    outputs: list[OutputModel]
    confs: list[ConfModel]
    handlers: list[HandlerModel]
    has_init: bool
    has_cleanup: bool
    schedulable: bool
    defines_push: bool
    defines_pull: bool
    static_confs: frozenset[str] = frozenset()
    #: The C file defines ``ELEM(push_vector)(port, v, n)``: a vector region calls it with a
    #: member's whole input vector (clickc.backend.batching, docs/batching.md).
    has_push_vector: bool = False
    c_code: str = ""
    #: Ring queues only (C facts ``queue_ring``): the ring between pushers and pullers
    #: (``CK_RING_LOCAL/SPSC/MPSC/MPMC``, from ``Element.facts.ring``) and the number of
    #: pushing threads (``Element.facts.producers``); ``queue_ring`` is "" for other classes.
    queue_ring: str = ""
    queue_producers: int = 1
    #: ``ELEMENT_NTHREADS``: how many threads execute this instance (``Element.facts
    #: .exec_threads`` from the placement pass; 1 when unplaced).  Templates with state
    #: select their concurrent form when it is above 1 (docs/concurrency.md).
    element_nthreads: int = 1
    #: ``ELEMENT_THREAD_LIST``, for classes whose C file uses it (C facts ``thread_list``): the
    #: threads that execute this instance, ascending, comma-separated (``Element.facts
    #: .exec_threads``; the element's thread when unplaced); "" for other classes.
    thread_list: str = ""
    #: ``ELEMENT_STATE_OF``, for a flow-split replica of a class whose C file uses it (C facts
    #: ``shares_state``): the index of the first replica, whose state (a route table) this one
    #: uses instead of its own (:func:`_state_owners`); None for every other element.
    state_of: int | None = None
    #: A task listening to an empty notifier (clickc.backend.notifier): the indices of the
    #: Queues that must all be empty for it to sleep; empty for every other element.
    empty_signal: tuple[int, ...] = ()
    #: The class numbers an order group by its ``GROUP`` argument (``ElementSpec.order_group``).
    order_group: bool = False
    #: A file source's task (clickc.backend.backpressure): the cross-thread Queues that must
    #: all have room for it to run, as (index, drain: wait until empty); empty for every other
    #: element.
    full_signal: tuple[tuple[int, bool], ...] = ()
    #: A notifier Queue: the indices of the listening tasks a push into it wakes.
    wakes: tuple[int, ...] = ()
    #: A source listening to a full notifier (clickc.backend.notifier): the indices of the
    #: Queues that must all be full for it to skip its run and sleep; empty for every other.
    nonfull_signal: tuple[int, ...] = ()
    #: A full notifier Queue: the indices of the listening sources a pull from it wakes.
    full_wakes: tuple[int, ...] = ()
    #: A notifier: the forwarders (PullSwitch) listening to it, whose ``_notify`` its wake
    #: calls (Click's wake callbacks).
    notifies: tuple[int, ...] = ()
    #: A forwarder with listeners (spec ``forwards_empty_notifier``): per input, the notifiers
    #: whose signals make up that input's signal, or None for a busy signal.
    input_signals: tuple[tuple[int, ...] | None, ...] = ()
    name_c: str = ""
    landmark_c: str = ""
    config_c: str = ""
    comment: str = ""

    @property
    def ninputs(self) -> int:
        return len(self.inputs)

    @property
    def noutputs(self) -> int:
        return len(self.outputs)

    @property
    def input_kinds(self) -> str:
        return "".join("h" if i.push else "l" for i in self.inputs)

    @property
    def output_kinds(self) -> str:
        return "".join("h" if o.push else "l" for o in self.outputs)

    @staticmethod
    def _push_expr(kinds: str) -> str:
        """C expression of ``(i)`` that is 1 when port ``i`` is push: a 64-bit mask, or for
        more than 64 ports an index into the kinds string (ports past the end count as push,
        as unconnected ports default to push)."""
        if len(kinds) <= 64:
            mask = sum(1 << n for n, k in enumerate(kinds) if k == "h")
            return f"((int)(({mask}ULL >> ((unsigned)(i) & 63u)) & 1u))"
        return f'((unsigned)(i) >= {len(kinds)}u || "{kinds}"[(unsigned)(i)] == \'h\')'

    @property
    def input_push_expr(self) -> str:
        return self._push_expr(self.input_kinds)

    @property
    def output_push_expr(self) -> str:
        return self._push_expr(self.output_kinds)


#: Click's Queue capacity when CAPACITY is not given or not a constant.
DEFAULT_QUEUE_CAPACITY = 1000


def _capacity(e: Element) -> int:
    """A ring queue's CAPACITY argument (:data:`DEFAULT_QUEUE_CAPACITY` when it is not a
    parsed integer, e.g. a run-time parameter)."""
    v = (e.args or {}).get("CAPACITY")
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 \
        else DEFAULT_QUEUE_CAPACITY


@dataclass
class RouterModel:
    config_file: str
    version: str
    elements: list[ElementModel]
    params: list[ParamModel] = field(default_factory=list)
    #: linker flags and pkg-config packages the element classes need (ElementSpec.libs,
    #: ElementSpec.pkg_config), sorted; rendered as the ``clickc-link`` directive.
    libs: list[str] = field(default_factory=list)
    pkg_config: list[str] = field(default_factory=list)
    #: router threads (``-j N``); elements' ``thread`` is below it.
    nthreads: int = 1
    #: ``--adapt``: the indices of the task elements it must never move (placement's
    #: ``facts.pinned``: they share an element one thread only may execute), rendered as
    #: ``ck_router_def.pinned`` (NULL when there are none).
    pinned: list[int] = field(default_factory=list)
    #: The flat configuration as Click's driver writes it (``clickc run -o``): the value of
    #: the global ``config`` and ``flatconfig`` handlers (Click's Router::router_read_handler).
    flat_config: str = ""
    #: Packets the router's queues can hold (the sum of the ring queues' CAPACITY): a DPDK
    #: router's mbuf pool is sized with it (runtime/io_dpdk.h, docs/io.md).
    held_packets: int = 0
    #: batch conversion (clickc.backend.batching): C before the element blocks and after them.
    batch_prelude: str = ""
    batch_code: str = ""
    #: ``--profile-generate``: where the program writes its profile and the configuration's
    #: fingerprint (clickc.passes.profile); None for a plain router.
    profile: ProfileGen | None = None

    @functools.cached_property
    def counters(self) -> CounterPlan:
        """Which per-port counters exist and what each connection increments
        (clickc.backend.counters: one counter per connection where both ends see the same
        packets)."""
        return plan_counters(self)

    @property
    def rings_between_threads(self) -> int:
        """Queues whose ring joins different threads (``queue_ring`` other than
        ``CK_RING_LOCAL``): the runtime's idle back-off sleeps less while there are any
        (runtime/sched.c, docs/runtime.md "Tasks and idle back-off")."""
        return sum(1 for e in self.elements if e.queue_ring not in ("", "CK_RING_LOCAL"))

    @property
    def counter_align(self) -> str:
        """``_Alignas(64) `` for the per-port packet counters of a router with several threads
        (each element's counters on their own cache lines: no false sharing between elements
        that different threads run), else nothing."""
        return "_Alignas(64) " if self.nthreads > 1 else ""

    @property
    def link_directive(self) -> str:
        """The text of the generated file's ``clickc-link`` line (empty when nothing extra is
        needed): ``libs=-lcrypto,-lfoo pkg=libdpdk`` (see :func:`clickc.backend.cc.link_needs`)."""
        parts = []
        if self.libs:
            parts.append("libs=" + ",".join(self.libs))
        if self.pkg_config:
            parts.append("pkg=" + ",".join(self.pkg_config))
        return " ".join(parts)

    @property
    def order_groups(self) -> int:
        """How many ``ck_order`` groups the router defines (elements/threads/ckorder.h): one
        more than the largest ``GROUP`` of an element whose spec has ``order_group``, 0
        without any."""
        exprs = [c.expr for e in self.elements if e.order_group
                 for c in e.confs if c.name == "GROUP"]
        if not exprs:
            return 0
        groups = [re.fullmatch(r"(\d+)[uUlL]*", x) for x in exprs]
        if not all(groups):
            return ORDER_GROUPS_MAX     # a run-time parameter: the templates check the range
        return max(int(m.group(1)) for m in groups if m) + 1

    @property
    def nhandlers(self) -> int:
        return sum(len(e.handlers) for e in self.elements)

    @property
    def runtime_vars(self) -> list[RuntimeBinding]:
        """Every variable a run-time parameter sets, in declaration order."""
        return [b for p in self.params for b in p.bindings]

    @property
    def params_help(self) -> str:
        """``NAME=DEFAULT`` lines for the program's ``--help``."""
        lines = []
        for p in self.params:
            what = ("run-time parameter" if p.bindings
                    else f"fixed at compile time: {p.reason}")
            lines.append(f"  {p.name}={p.value}  ({what})\n")
        return "".join(lines)


@dataclass
class ProfileGen:
    """A ``--profile-generate`` build: ``path`` (default profile file of the program) and
    ``fingerprint`` (of the configuration before the optimizing passes)."""

    path: str
    fingerprint: str


@dataclass
class ParamModel:
    """A ``NAME=VALUE`` parameter the program accepts: run-time (``bindings`` non-empty), or
    compile-time (only its compiled ``value`` is accepted, anything else says to recompile)."""

    name: str
    value: str
    bindings: list[RuntimeBinding]
    reason: str = ""
    unused: bool = False

    @property
    def name_c(self) -> str:
        return c_string(self.name)

    @property
    def value_c(self) -> str:
        return c_string(self.value)


def _kinds(element: Element, spec: ElementSpec, side: int, n: int) -> list[bool]:
    """Push (True) or pull per port: from push/pull inference when it ran, else from the
    spec's processing code (agnostic counts as push, as Click's default)."""
    kinds = element.input_kinds if side == 0 else element.output_kinds
    if len(kinds) >= n:
        return [k == "push" for k in kinds[:n]]
    parts = spec.processing.split("/")
    code = parts[side] if len(parts) > side else ""
    out = []
    for i in range(n):
        letter = code[i] if i < len(code) else (code[-1] if code else "h")
        out.append(letter != "l")
    return out


def _include_path(c_file: Path, root: Path | None) -> str:
    """The ``#include`` path of ``c_file``: relative to ``root`` (the elements directory,
    already resolved) when it lies under it, else as given."""
    if root is not None:
        try:
            return c_file.resolve().relative_to(root).as_posix()
        except ValueError:
            pass
    return c_file.as_posix()


def _typed_literal(value: Any, type_name: str) -> tuple[str, str]:
    """(C expression, CONF_LEN) of a parsed value of argument type ``type_name``
    (``clickc.args.values`` knows the C type of each argument type)."""
    return str(argvalues.c_literal(value, type_name)), str(argvalues.c_length(value))


def _plan_empty_signals(graph: RouterGraph, specs: Any, models: list[ElementModel],
                        index_of: dict[str, int]) -> None:
    """Fill ``empty_signal`` of the tasks that may sleep and ``wakes`` of their Queues, and
    ``nonfull_signal`` of the sources that may sleep and ``full_wakes`` of theirs
    (clickc.backend.notifier: Click's upstream empty and downstream full signals, decided at
    compile time)."""

    by_index = {m.index: m for m in models}
    for e in graph.elements():
        m = by_index.get(index_of[e.name])
        if m is None or not m.schedulable:
            continue
        for search, listen, wake in ((empty_signal_queues, "empty_signal", "wakes"),
                                     (nonfull_signal_queues, "nonfull_signal", "full_wakes")):
            queues = search(graph, specs, e)
            if not queues:
                continue
            setattr(m, listen, tuple(index_of[q] for q in queues))
            for q in queues:
                qm = by_index[index_of[q]]
                setattr(qm, wake, tuple(sorted({*getattr(qm, wake), m.index})))
    # forwarders that have listeners listen to their inputs' notifiers in turn (Click's
    # PullSwitch::wake_callback); a forwarder upstream of one is planned when it is reached
    todo = [m for m in models if m.wakes and _forwards(specs, m.class_name)]
    done: set[int] = set()
    while todo:
        m = todo.pop()
        if m.index in done:
            continue
        done.add(m.index)
        e = graph.element(m.name)
        signals: list[tuple[int, ...] | None] = []
        for port in range(len(e.input_kinds)):
            names = input_signal(graph, specs, e, port)
            signals.append(tuple(index_of[n] for n in names) if names else None)
            for n in names or ():
                nm = by_index[index_of[n]]
                nm.notifies = tuple(sorted({*nm.notifies, m.index}))
                if _forwards(specs, nm.class_name):
                    todo.append(nm)
        m.input_signals = tuple(signals)
    # NotifierDebug's `signal` handler prints its input's signal as Click's does
    debug = [m for m in models
             if (ds := spec_or_none(specs, m.class_name)) is not None and ds.shows_signal]
    if debug:
        reach: dict[str, tuple[int, ...]] = {}
        for m in models:
            tasks, stack, met = set(m.wakes), list(m.notifies), set()
            while stack:  # through forwarders (PullSwitch) to the tasks they wake
                f = by_index[stack.pop()]
                if f.index not in met:
                    met.add(f.index)
                    tasks |= set(f.wakes)
                    stack.extend(f.notifies)
            reach[m.name] = tuple(sorted(tasks))
        for m in debug:
            code, stateful = debug_signal_code(graph, specs, graph.element(m.name), index_of,
                                               reach)
            m.c_code = (m.c_code.rstrip() + "\n" if m.c_code.strip() else "") + code
            for q in stateful:
                qm = by_index[index_of[q]]
                if "QUEUE_SIGNAL_STATE" not in qm.c_code:
                    qm.c_code = qm.c_code.rstrip() + "\n#define QUEUE_SIGNAL_STATE 1\n"


def _forwards(specs: Any, class_name: str) -> bool:
    """Whether class ``class_name`` forwards its inputs' empty signals (PullSwitch)."""
    spec = spec_or_none(specs, class_name)
    return spec is not None and spec.forwards_empty_notifier


def _plan_full_signals(graph: RouterGraph, specs: Any, models: list[ElementModel],
                       index_of: dict[str, int]) -> None:
    """Fill ``full_signal`` of the file sources' tasks that wait while a ring between threads
    they push into is short of room (clickc.backend.backpressure)."""
    by_index = {m.index: m for m in models}
    for e in graph.elements():
        m = by_index.get(index_of[e.name])
        if m is not None and m.schedulable:
            m.full_signal = tuple((index_of[q], drain)
                                  for q, drain in full_signal_queues(graph, specs, e))


def _confs(element: Element, spec: ElementSpec) -> list[ConfModel]:
    args: dict[str, Any] = element.args or {}
    given_names: set[str] | None = element.facts.args_given
    out = []
    for arg in spec.args:
        value = args.get(arg.name)
        if value is None:
            value = arg.default
            given = False
        elif given_names is not None:
            given = arg.name in given_names
        else:
            given = bool(getattr(value, "given", True))
        if value is None:
            out.append(ConfModel(arg.name, "0", "0", 0))
        else:
            expr, length = _typed_literal(value, arg.type)
            out.append(ConfModel(arg.name, expr, length, int(given)))
    return out


#: Groups defined when a GROUP is set at run time (NAME=VALUE): the templates refuse larger.
ORDER_GROUPS_MAX = 64
#: ``Element.facts.ring`` values, each a ``CK_RING_*`` of runtime/ring.h.
RING_KINDS = ("local", "spsc", "mpsc", "mpmc")


def _state_owners(graph: RouterGraph, specs: SpecSource) -> dict[str, str]:
    """Flow-split replicas that share their group's first replica's state: replica name ->
    the first replica's name (docs/c-interface.md "Replicas that share state").  A replica
    shares when its class's C file uses ``ELEMENT_STATE_OF`` (C facts ``shares_state``, a
    ``readonly`` class: its state is not changed on the packet path) and it has the first
    replica's class, configuration and per-instance code (``facts.c_code``: the compiled
    table), which its own copy would only repeat.  The first replica comes first in the
    graph's order, so its state is declared and initialized before the sharers'."""
    out: dict[str, str] = {}
    for members in graph.facts.replica_groups.values():
        present = sorted((graph.element(n) for n in members if n in graph),
                         key=lambda e: e.index)
        if len(present) < 2:
            continue
        first = present[0]
        facts = specs.c_facts(first.class_name)
        if facts is None or not facts.shares_state:
            continue
        for e in present:
            if (e is not first and e.class_name == first.class_name
                    and e.config == first.config
                    and str(e.facts.c_code) == str(first.facts.c_code)):
                out[e.name] = first.name
    return out


def build_model(graph: RouterGraph, specs: SpecSource, errh: ErrorHandler, *,
                config_file: str, version: str,
                elements_root: Path | None = None) -> RouterModel:
    """The render model of ``graph``.

    Every element must have a spec and a C template (``specs.c_file``); a missing one is an
    error at the element's landmark ("no C implementation"), all reported before ClickError is
    raised.  ``element.args`` must already hold parsed arguments (``clickc.args``) and, when
    inference ran, ``input_kinds``/``output_kinds`` the resolved push/pull kinds.  Port counts
    are the ports used by connections (Click's ``ninputs``/``noutputs`` after configuration).
    Instances are numbered densely in declaration order (``ELEMENT_INDEX``, C names ``eN_``),
    whatever gaps passes left in ``Element.index``.
    """
    ordered = graph.elements()
    index_of = {e.name: i for i, e in enumerate(ordered)}
    owners = _state_owners(graph, specs)
    models: list[ElementModel] = []
    libs: set[str] = set()
    pkgs: set[str] = set()
    held = 0
    nerr = errh.nerrors
    classes: dict[str, tuple[Path | None, CFacts | None, str]] = {}
    root = elements_root.resolve() if elements_root is not None else None
    used_in, used_out = used_port_counts(graph)
    for e in ordered:
        try:
            spec: ElementSpec | None = specs.get(e.class_name)
        except KeyError:
            spec = None
        if spec is None:
            errh.error(e.landmark, f"unknown element class '{e.class_name}'")
            continue
        cls = classes.get(e.class_name)
        if cls is None:
            # once a class: its C file, facts and include path (a path resolved per element
            # was a third of the model's time on a large configuration)
            c_file = specs.c_file(e.class_name)
            facts = (specs.c_facts(e.class_name) if c_file is not None and c_file.is_file()
                     else None)
            include = (_include_path(c_file, root) if c_file is not None and facts is not None
                       else "")
            cls = classes[e.class_name] = (c_file, facts, include)
        c_file, facts, include = cls
        if c_file is None or facts is None:
            errh.error(e.landmark, f"element class '{e.class_name}' has no C implementation "
                                   f"yet (element '{e.name}')")
            continue
        libs.update(spec.libs)
        pkgs.update(spec.pkg_config)
        if facts.queue_ring:
            held += _capacity(e)
        # Per-instance needs a validate hook chose (FromDevice METHOD XDP: libxdp, libbpf).
        libs.update(e.facts.libs)
        pkgs.update(e.facts.pkg_config)
        nin, nout = used_in[e.name], used_out[e.name]
        in_push = _kinds(e, spec, 0, nin)
        out_push = _kinds(e, spec, 1, nout)
        inputs = []
        for p in range(nin):
            src = None
            if not in_push[p]:
                conns = graph.inputs(e.name, p)
                if conns:
                    c = min(conns)
                    src = (index_of[c.src], c.sport)
            inputs.append(InputModel(p, in_push[p], src))
        outputs = []
        for p in range(nout):
            dst = None
            if out_push[p]:
                conns = graph.outputs(e.name, p)
                if conns:
                    c = min(conns)
                    dst = (index_of[c.dst], c.dport)
            outputs.append(OutputModel(p, out_push[p], dst))
        try:
            confs = _confs(e, spec)
        except TypeError as exc:
            errh.error(e.landmark, f"{e.class_name}: cannot compile argument: {exc}")
            continue
        handlers = []
        for h in spec.handlers:
            hm = HandlerModel(h.name, c_ident(h.name),
                              h.read and facts.defines(f"read_{c_ident(h.name)}"),
                              h.write and facts.defines(f"write_{c_ident(h.name)}"),
                              h.read and h.read_param)
            if hm.read or hm.write:
                handlers.append(hm)
        m = ElementModel(
            index=index_of[e.name], name=e.name, class_name=e.class_name, landmark=str(e.landmark),
            config=e.config, include=include,
            thread=int(e.facts.thread), inputs=inputs, outputs=outputs,
            confs=confs, handlers=handlers,
            has_init=facts.defines("init"), has_cleanup=facts.defines("cleanup"),
            # a task in this router: the spec's rule on the backend's port kinds (which fall
            # back on the processing code where push/pull inference did not run: the
            # stand-in specs of tests/backend)
            schedulable=(facts.defines("run_task")
                         and spec.task_kind(in_push, out_push) is not None),
            defines_push=any(in_push), defines_pull=any(not k for k in out_push),
            static_confs=facts.static_confs, order_group=spec.order_group,
            has_push_vector=facts.defines("push_vector"),
            c_code=str(e.facts.c_code),
            element_nthreads=max(1, len(e.facts.exec_threads or ())),
        )
        if facts.queue_ring:
            ring = str(e.facts.ring or "local")
            if ring not in RING_KINDS:
                errh.error(e.landmark, f"{e.class_name}: unknown ring kind '{ring}' "
                                       f"(expected one of {', '.join(RING_KINDS)})")
                continue
            m.queue_ring = f"CK_RING_{ring.upper()}"
            m.queue_producers = max(1, int(e.facts.producers or 1))
        if e.name in owners:
            # the first replica's table is this one's: its compiled copy is not emitted again
            m.state_of = index_of[owners[e.name]]
            m.c_code = ""
        if facts.thread_list:
            m.thread_list = ", ".join(
                str(t) for t in sorted(set(e.facts.exec_threads or [int(e.facts.thread)])))
        m.name_c = c_string(e.name)
        m.landmark_c = c_string(str(e.landmark))
        m.config_c = c_string(e.config)
        m.comment = c_comment(f"{e.name} :: {e.class_name}({e.config})  {e.landmark}")
        if len(m.comment) > 200:
            m.comment = c_comment(f"{e.name} :: {e.class_name}(...)  {e.landmark}")
        models.append(m)
    if errh.nerrors > nerr:
        raise ClickError(errh)
    _plan_empty_signals(graph, specs, models, index_of)
    _plan_full_signals(graph, specs, models, index_of)
    nthreads = max([1, int(graph.facts.nthreads), *(m.thread + 1 for m in models)])
    pinned = [index_of[e.name] for e in graph.elements() if e.facts.pinned]
    return RouterModel(config_file=config_file, version=version, elements=models,
                       libs=sorted(libs), pkg_config=sorted(pkgs), nthreads=nthreads,
                       held_packets=held, pinned=sorted(pinned))
