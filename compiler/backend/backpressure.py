"""Back-pressure on the queues a plan made cross threads, for sources that read files.

A router that reads a file (FromDump, FromIPSummaryDump, InfiniteSource with a LIMIT) on one
thread processes every packet of it: Click's scheduler runs the source's task and the task
that pulls the Queue in turn, so the Queue never fills faster than it drains.  When the
placement puts the pulling task on another thread, the source runs as fast as its thread goes
and the Queue overflows ("queue full" drops) where the plain program dropped nothing, a
different count each run (issue 24).

So, as Click's full notifiers let a pulling task sleep while its downstream Queue is full, the
task of a file source here does not run while a cross-thread ring it pushes into has room
for fewer than ``CK_RING_BACKPRESSURE_ROOM`` packets (runtime/ring.h: 64, fewer when the
ring is smaller; the ring's ``short_of_room`` in elements/standard/ckqueue_ring.h).  The
source's thread keeps running its other tasks, so the consumer of any ring it drains is never
held up by the wait.  A packet that multiplies on its way (a Tee, an IPFragmenter) by more
than that room can still overflow: that drop is counted as before.

When the way from the source to the ring passes an element that may hold packets and that
another thread also runs (an ARPQuerier whose replies come back from the wire on the
consumer's thread, as in examples/iprouter.click), room is not enough: the source would run
ahead of the replies, the element would hold thousands of packets and release them at once
into the ring.  Such a ring is "drained": the source emits at most ``ROOM`` packets (or the
ring's capacity) and then waits until the ring is empty (the generated ``eN__bp_task``).
The search (:func:`full_signal_queues`) is done at compile time:

- the task's element is a file source (``ElementSpec.finite``; InfiniteSource only with
  ``LIMIT`` of 0 or more); a live device (FromDevice, a NIC) never waits: a NIC does not;
- the search follows push connections downstream through elements by their flow codes and
  stops at Queues (state ``queue``); it collects the Queues on a ring between threads
  (``Element.facts.ring`` not ``local``) whose C file has the ring's ``short_of_room``
  (elements/standard/ckqueue_ring.h: a C fact);
- a Queue drained through a timing element (``ElementSpec.paced``: RatedUnqueue, Shaper...) is
  left out: the plain program drops there too, at the rate the configuration sets.

Queues on one thread keep Click's semantics unchanged; so do routers built with ``--adapt``
(runtime/ring.h: the runtime judges its moves by the drops they cause).
``-DCK_RING_BACKPRESSURE=0`` in ``--cflags`` turns the waits off (measurements, and the verify
tests' broken plan).
"""

from __future__ import annotations

from clickc.elements.hooks import flow_code_of
from clickc.elements.registry import SpecSource
from clickc.elements.spec import flow

from ..ir import Element, RouterGraph
from .notifier import PASS_THROUGH_STATES, port_kind, spec_or_none


def is_file_source(element: Element, specs: SpecSource) -> bool:
    """Whether ``element``'s task emits a finite stream (``ElementSpec.finite``: a file, or a
    LIMIT of 0 or more), which the plain program processes all of."""
    spec = spec_or_none(specs, element.class_name)
    return spec is not None and spec.is_finite(element)


def full_signal_queues(graph: RouterGraph, specs: SpecSource,
                       element: Element) -> list[tuple[str, bool]]:
    """The cross-thread Queues whose lack of room keeps ``element``'s task from running, each
    with whether the task waits for it to be empty (``True``: an element another thread runs
    too and that may hold packets, its state outside clickc.backend.notifier's
    ``PASS_THROUGH_STATES``, stands on the way) rather than for ``CK_RING_BACKPRESSURE_ROOM``
    packets.

    graph: a checked router after placement (``Element.facts.ring`` set on its Queues); specs:
    the element registry (``get(class) -> ElementSpec``).  Empty unless ``element`` is a file
    source (:func:`is_file_source`).  Returns (Queue name, drain) pairs sorted by name (see the
    module docstring for the search).  Never raises on a checked router.
    """
    if not is_file_source(element, specs):
        return []
    found: dict[str, bool] = {}
    seen: set[tuple[str, int, bool]] = set()
    stack = [(c, False) for c in graph.outputs(element.name)
             if port_kind(element.output_kinds, c.sport) == "push"]
    while stack:
        c, held = stack.pop()
        if (c.dst, c.dport, held) in seen:
            continue
        seen.add((c.dst, c.dport, held))
        dst = graph.element(c.dst)
        spec = spec_or_none(specs, dst.class_name)
        if spec is None:
            continue
        if spec.state == "queue":
            facts = specs.c_facts(dst.class_name)
            if ((dst.facts.ring or "local") != "local" and facts is not None
                    and facts.defines("short_of_room") and not _timed_drain(graph, dst, specs)):
                found[dst.name] = found.get(dst.name, False) or held
            continue
        held = held or (spec.state not in PASS_THROUGH_STATES
                        and len(dst.facts.exec_threads or ()) > 1)
        nout = max(graph.noutputs_used(dst.name), len(dst.output_kinds))
        try:
            reach = flow(flow_code_of(graph, dst, spec), c.dport, False, nout)
        except ValueError:
            reach = [True] * nout
        for o in range(nout):
            if reach[o] and port_kind(dst.output_kinds, o) == "push":
                stack.extend((x, held) for x in graph.outputs(dst.name, o))
    return sorted(found.items())


def _timed_drain(graph: RouterGraph, queue: Element, specs: SpecSource) -> bool:
    """Whether a timing element (``ElementSpec.paced``) pulls from ``queue`` or stands between
    it and the task that pulls (elements reached over pull connections)."""
    names = graph.downstream(queue.name,
                             keep=lambda n: "pull" in graph.element(n).input_kinds)
    for n in names[1:]:
        spec = spec_or_none(specs, graph.element(n).class_name)
        if spec is not None and spec.paced:
            return True
    return False
