"""RED's configuration checks and queue discovery (Click's RED::check_params,
RED::finish_configure and RED::initialize, elements/aqm/red.cc).

The hook records, for the C template elements/aqm/red.c, the names of the Storage elements
(queues) whose summed length RED averages: those named by QUEUES (looked up from RED's
compound outwards, as Click's Router::find), or else the first queues met going downstream
from output 0 when that output is push, upstream from input 0 when it is pull (Click's
visit_downstream / visit_upstream with an ElementCastTracker for "Storage": a queue stops the
walk, other elements are crossed along their flow codes).  A Storage element is one whose spec
has ``state='queue'``.
"""

from __future__ import annotations

from typing import Any

from clickc.args import cp_spacevec
from clickc.elements import registry
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import flow
from clickc.ir import Element, RouterGraph


def _find(graph: RouterGraph, name: str, context: str) -> str | None:
    """Click's Router::find: NAME inside RED's compound, then each enclosing compound."""
    prefix = context.rsplit("/", 1)[0] if "/" in context else ""
    while True:
        cand = f"{prefix}/{name}" if prefix else name
        if cand in graph:
            return cand
        if not prefix:
            return None
        prefix = prefix.rsplit("/", 1)[0] if "/" in prefix else ""


def _is_storage(graph: RouterGraph, name: str) -> bool:
    spec = registry.get(graph.element(name).class_name)
    return spec is not None and spec.state == "queue"


def _walk(graph: RouterGraph, start: str, downstream: bool) -> list[str]:
    """The Storage elements first reached from ``start``'s port 0 in one direction."""

    found: list[str] = []
    seen: set[tuple[str, int]] = set()
    conns = graph.outputs(start, 0) if downstream else graph.inputs(start, 0)
    todo = [(c.dst, c.dport) if downstream else (c.src, c.sport) for c in conns]
    while todo:
        name, port = todo.pop(0)
        if (name, port) in seen:
            continue
        seen.add((name, port))
        if _is_storage(graph, name):
            if name not in found:
                found.append(name)
            continue
        spec = registry.get(graph.element(name).class_name)
        code = spec.flow_code if spec is not None else ""
        if downstream:
            n = graph.noutputs_used(name)
            try:
                reach = flow(code, port, False, n)
            except ValueError:
                reach = [True] * n
            for j, r in enumerate(reach):
                if r:
                    todo += [(c.dst, c.dport) for c in graph.outputs(name, j)]
        else:
            n = graph.ninputs_used(name)
            try:
                reach = flow(code, port, True, n)
            except ValueError:
                reach = [True] * n
            for j, r in enumerate(reach):
                if r:
                    todo += [(c.src, c.sport) for c in graph.inputs(name, j)]
    return found


def red_queues(graph: RouterGraph, element: Element, args: dict[str, Any],
               ctx: ConfigureContext) -> None:
    """RED: check MIN_THRESH, MAX_THRESH, MAX_P, STABILITY with Click's messages, find the
    queues, and emit ``ELEM(queue_names)`` / ``ELEM(nqueues)`` for the template."""

    mn, mx = int(args.get("MIN_THRESH") or 0), int(args.get("MAX_THRESH") or 0)
    maxp, stab = int(args.get("MAX_P") or 0), int(args.get("STABILITY") or 4)
    if mx > 0xFFFF:
        ctx.error("MAX_THRESH must be <= 65535")
        return
    if mn > mx:
        ctx.error("MIN_THRESH must be <= MAX_THRESH")
        return
    if maxp > 0x10000:
        ctx.error("MAX_P must be between 0 and 1")
        return
    if stab > 16:
        ctx.error("STABILITY must be between 0 and 16")
        return
    aqm_queue_facts(graph, element, args, ctx)


def aqm_queue_facts(graph: RouterGraph, element: Element, args: dict[str, Any],
                    ctx: ConfigureContext, none_found: str = "no nearby Queues") -> None:
    """The queues an AQM element watches (QUEUES, or the nearest Storage elements
    downstream, upstream when its output 0 is pull) as ``ELEM(queue_names)``,
    ``ELEM(nqueues)`` and ``ELEM(queue_problem)`` for aqm/ckaqmqueues.h (RED, AdaptiveRED,
    CoDel, PI).  A QUEUES name that is no element is an error now (Click's configure); no
    queue (``none_found``: the class's message) or one that is not a Storage element is
    reported when the router initializes, as Click does."""
    queues: list[str] = []
    given = args.get("QUEUES")
    if given:
        for word in cp_spacevec(str(given)):
            found = _find(graph, word, element.name)
            if found is None:
                ctx.error(f"no element named '{word}'")
                return
            queues.append(found)
    else:
        kinds = element.output_kinds
        push = not kinds or kinds[0] == "push"
        queues = _walk(graph, element.name, downstream=push)
    # Click reports these two at initialization: the template's init does, from this text
    problem = ""
    if not queues:
        problem = none_found
    else:
        bad = [q for q in queues if not _is_storage(graph, q)]
        if bad:
            problem = f"'{bad[0]}' is not a Storage element"
    element.facts.watched_queues = tuple(queues)
    names = ", ".join(_c_string(q) for q in queues) or "0"
    element.facts.c_code = (
        f"static const char *const ELEM(queue_names)[] = {{{names}}};\n"
        f"enum {{ ELEM(nqueues) = {len(queues)} }};\n"
        f"static const char ELEM(queue_problem)[] = {_c_string(problem)};\n")


def _c_string(text: str) -> str:
    """A C string literal for ``text`` (element names: printable ASCII)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
