"""Push chains: the stretches of a push path that the parallelizing passes may cut or split.

A *chain* is a maximal run of elements e1 -> e2 -> ... -> ek on a push path where each
element has exactly one incoming connection (on input 0, a push input), is not schedulable
(sources and Unqueue start paths; SMP Click §2) and is not a queue, and continues on output 0
through exactly one push connection.  Other outputs of chain elements (drop or error ports)
are *side branches*: they stay attached to whichever copy of the element handles the packet.
The chain ends at the element its last output 0 reaches (the *tail*: a Queue, a sink, an
element with several inputs -- where paths merge -- or anything not linkable).

The *prefix* of a chain is what the same thread does for a packet before the chain: walking
upstream from the element feeding the chain through single-input push elements to the
schedulable element that starts the path (its cost is part of the first stage).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from clickc.elements.registry import SpecSource
from clickc.elements.spec import ElementSpec
from clickc.ir import Connection, Element, RouterGraph


@dataclass(frozen=True)
class Chain:
    """head: the connection into ``elements[0]``.  elements: the chain's element names in
    order.  tail: the connection leaving ``elements[-1]`` on output 0.  prefix: the names of
    the elements before the chain on the same push path, nearest first."""

    head: Connection
    elements: tuple[str, ...]
    tail: Connection
    prefix: tuple[str, ...]


def _spec(registry: SpecSource, e: Element) -> ElementSpec | None:
    return registry.get(e.class_name)


def linkable(graph: RouterGraph, registry: SpecSource, name: str) -> bool:
    """Whether element ``name`` can be inside a chain (see the module docstring)."""
    e = graph.element(name)
    spec = _spec(registry, e)
    if spec is None or spec.schedulable is not None or spec.state == "queue":
        return False
    ins = graph.inputs(name)
    if len(ins) != 1 or ins[0].dport != 0:
        return False
    if not e.input_kinds or e.input_kinds[0] != "push":
        return False
    outs = graph.outputs(name, 0)
    if len(outs) != 1 or not e.output_kinds or e.output_kinds[0] != "push":
        return False
    return True


def push_chains(graph: RouterGraph, registry: SpecSource,
                skip: Callable[[Element], bool] | None = None) -> list[Chain]:
    """Every chain of ``graph`` (see the module docstring), in element order of their first
    elements.  ``skip(element)`` true makes an element unlinkable (e.g. replicas another pass
    made).  Chains never share elements."""
    def ok(n: str) -> bool:
        return linkable(graph, registry, n) and not (skip is not None
                                                     and skip(graph.element(n)))

    chains: list[Chain] = []
    for c in graph.connections():
        if not ok(c.dst):
            continue
        if c.sport == 0 and ok(c.src):
            continue     # c continues a chain that starts further up
        elems: list[str] = []
        x = c.dst
        seen: set[str] = set()
        tail: Connection | None = None
        while ok(x) and x not in seen:
            seen.add(x)
            elems.append(x)
            tail = graph.outputs(x, 0)[0]
            x = tail.dst
        assert tail is not None
        chains.append(Chain(c, tuple(elems), tail, _prefix(graph, registry, c.src)))
    return chains


def _prefix(graph: RouterGraph, registry: SpecSource, name: str) -> tuple[str, ...]:
    out: list[str] = []
    seen: set[str] = set()
    x: str | None = name
    while x is not None and x not in seen:
        seen.add(x)
        e = graph.element(x)
        spec = _spec(registry, e)
        if spec is not None and spec.state == "queue":
            break
        out.append(x)
        if spec is not None and spec.schedulable is not None:
            break
        ins = graph.inputs(x)
        x = ins[0].src if len(ins) == 1 and e.input_kinds[:1] == ["push"] else None
    return tuple(out)


def referenced_names(graph: RouterGraph, registry: SpecSource) -> set[str]:
    """Element names that appear as words in some *other* element's configuration (ElementArg
    references such as ARPQuerier's table or RED's QUEUES, handler calls in arguments):
    renaming or replicating such an element would leave the reference dangling.  Script and
    DriverManager are not counted: their handler calls run through the handler table, which
    resolves a replicated element's name to its replica group (docs/c-interface.md): their
    specs have ``handler_script``.  registry: the element registry (``get``)."""
    import re

    names = {e.name for e in graph.elements()}
    found: set[str] = set()
    for e in graph.elements():
        if not e.config:
            continue
        spec = registry.get(e.class_name)
        if spec is not None and spec.handler_script:
            continue
        for tok in re.findall(r"[A-Za-z_@/][A-Za-z0-9_@/]*", e.config):
            if tok in names and tok != e.name:
                found.add(tok)
    return found
