"""Timestamp elision: sources skip the per-packet clock read when nothing can see the result.

Click's packet sources stamp every packet with the current time (InfiniteSource's
``TIMESTAMP`` defaults to true and calls ``Timestamp::now`` per packet; RatedSource always
stamps; elements/standard/infinitesource.cc, ratedsource.cc).  A clock read costs about 21 ns
on a virtual machine (docs/performance.md), more than the rest of a small router's work on one
packet.  When no element that can receive a source's packets ever reads the timestamp
annotation, the value is unobservable and the read can be compiled out: the router's output
is the same.

The analysis (per source):

1. *Observers*: an element observes the timestamp when its class's C template (with the
   element files it includes, as the backend reads them) reads ``ts_ns``, i.e. mentions it
   anywhere but on the left of a plain assignment.  This covers ToDump, Print, IPPrint,
   ToIPSummaryDump and any later template without a list to keep up to date.  Three classes
   read it only under an option, and are observers only then: Print with ``TIMESTAMP true``
   (default false), IPPrint unless ``TIMESTAMP false`` (default true), ToIPSummaryDump when
   ``CONTENTS`` names a time field (``timestamp``, ``ts``, ``ts_sec``, ``usec``,
   ``first_timestamp`` ...).  A class whose template cannot be read counts as an observer.
2. *Reach*: packets move only over connections (a Queue stores and hands on the same packet;
   elements that copy a timestamp into new packets, IPFragmenter and ARPQuerier, send them on
   downstream), so the elements that can see a source's packets are those reachable from it
   in the connection graph.  The source itself counts (it may read its own stamps).
3. A source (a class whose template tests ``SOURCE_TIMESTAMP``) none of whose reachable
   elements observes gets ``#define SOURCE_TIMESTAMP 0`` in its instance's generated code
   (``Element.facts.c_code``, docs/c-interface.md); the template's default is 1, so a
   source the pass did not analyse keeps Click's behaviour.

``--explain`` says, for each source, which it decided and, when it kept the timestamps, the
first observer found.
"""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path
from typing import Any

from clickc.ir import Element, RouterGraph

from .manager import Pass, PassContext

NAME = "timestamps"

#: The macro a source template tests (default 1 in the template).
MACRO = "SOURCE_TIMESTAMP"

_READ_TS = re.compile(r"\bts_ns\b(?!\s*=[^=])")
#: ``q->ts_ns = p->ts_ns;``: a copy into a new packet (IPFragmenter's fragments, ARPQuerier's
#: queries), which then travels downstream like the original; not a read.
_COPY_TS = re.compile(r"\w+\s*->\s*ts_ns\s*=\s*\w+\s*->\s*ts_ns\s*;")
_USES_MACRO = re.compile(r"\b" + MACRO + r"\b")

#: ToIPSummaryDump field names (and Click's synonyms) that print the timestamp annotation.
_TIME_FIELD = re.compile(r"^(?:first_)?(?:[nu]?timestamp|ts(?:_sec|_usec1?)?|sec|usec1?)$")


def _template_text(registry: Any, class_name: str) -> str | None:
    """The class's C template with the element files it includes; None when unknown."""
    from clickc.backend.model import template_text

    try:
        path: Path | None = registry.c_file(class_name)
    except (KeyError, AttributeError):
        return None
    if path is None or not path.is_file():
        return None
    return str(template_text(path))


def _arg(e: Element, name: str, default: Any) -> Any:
    args = e.args or {}
    v = args.get(name)
    return default if v is None else v


def _truthy(v: Any) -> bool:
    if isinstance(v, str):
        return v.strip().lower() not in ("false", "no", "0", "")
    return bool(v)


def conditional_observer(e: Element) -> bool | None:
    """For the classes that read the timestamp only under an option: whether ``e`` does
    (True/False); None for every other class.  Follows the options' defaults in Click
    (Print TIMESTAMP false, IPPrint TIMESTAMP true, ToIPSummaryDump CONTENTS
    ``timestamp ip_src``)."""
    if e.class_name == "Print":
        return _truthy(_arg(e, "TIMESTAMP", False))
    if e.class_name == "IPPrint":
        return _truthy(_arg(e, "TIMESTAMP", True))
    if e.class_name == "ToIPSummaryDump":
        contents = _arg(e, "CONTENTS", "timestamp ip_src")
        words = contents if isinstance(contents, (list, tuple)) else str(contents).split()
        # Click also accepts "ts sec" written with a space: any time word counts
        return any(_TIME_FIELD.match(str(w).strip().lower().replace(" ", "_")) for w in words)
    return None


def observes(e: Element, registry: Any, cache: dict[str, str | None]) -> bool:
    """Whether element ``e`` can read a packet's timestamp annotation (see the module doc)."""
    cond = conditional_observer(e)
    if cond is not None:
        return cond
    if e.class_name not in cache:
        cache[e.class_name] = _template_text(registry, e.class_name)
    text = cache[e.class_name]
    if text is None:
        return True
    return bool(_READ_TS.search(_COPY_TS.sub(" ", _strip_comments(text))))


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def reachable(graph: RouterGraph, start: str) -> list[str]:
    """Names of the elements reachable from ``start`` over connections (``start`` first),
    in breadth-first order."""
    seen = {start}
    order = [start]
    todo = deque([start])
    while todo:
        n = todo.popleft()
        for c in graph.outputs(n):
            if c.dst not in seen:
                seen.add(c.dst)
                order.append(c.dst)
                todo.append(c.dst)
    return order


def run(graph: RouterGraph, ctx: PassContext) -> None:
    """Set ``SOURCE_TIMESTAMP 0`` on every source whose stamps no reachable element reads.

    graph: a checked router graph (``Element.args`` parsed).  Adds a line to the source's
    ``Element.facts.c_code`` and sets ``Element.facts.source_timestamp`` (False when
    elided, True when kept) for tests and ``--explain``.  Never raises on a valid graph."""
    cache: dict[str, str | None] = {}
    for e in graph.elements():
        if e.class_name not in cache:
            cache[e.class_name] = _template_text(ctx.registry, e.class_name)
        text = cache[e.class_name]
        if text is None or not _USES_MACRO.search(text):
            continue
        observer = next((n for n in reachable(graph, e.name)
                         if observes(graph.element(n), ctx.registry, cache)), None)
        if observer is not None:
            e.facts.source_timestamp = True
            ctx.note(NAME, f"{e.name}: keeps per-packet timestamps ({observer} :: "
                           f"{graph.element(observer).class_name} can read them)")
            continue
        e.facts.source_timestamp = False
        code = str(e.facts.c_code)
        if f"#define {MACRO}" not in code:
            line = (f"/* timestamps pass: no element reachable from {e.name} reads the "
                    f"timestamp annotation */\n#define {MACRO} 0\n")
            e.facts.c_code = (code.rstrip() + "\n" if code.strip() else "") + line
        ctx.note(NAME, f"{e.name}: timestamps elided (no reachable element reads them)")


#: The source-copy pass: the macro a source template tests (default 0: clones, as Click).
COPY_MACRO = "SOURCE_COPY"
COPY_NAME = "source-copy"
_USES_COPY = re.compile(r"\b" + COPY_MACRO + r"\b")
#: Packet functions that copy a shared buffer before changing it (runtime/packet.c).
_WRITES = re.compile(r"\bck_packet_(?:uniqueify|push|put)\s*\(")


def writes(e: Element, registry: Any, cache: dict[str, str | None]) -> bool:
    """Whether ``e``'s template may write packet data (calls ck_packet_uniqueify,
    ck_packet_push or ck_packet_put, which copy a shared buffer first)."""
    if e.class_name not in cache:
        cache[e.class_name] = _template_text(registry, e.class_name)
    text = cache[e.class_name]
    return text is not None and bool(_WRITES.search(_strip_comments(text)))


def run_copy(graph: RouterGraph, ctx: PassContext) -> None:
    """Sources emit fresh copies instead of clones when an element reachable from them writes
    packet data.

    Click's InfiniteSource emits clones of one packet; the first element that writes (DecIPTTL,
    EtherEncap's push) then copies the shared buffer (uniqueify).  Allocating an unshared copy
    directly costs less than a clone plus that copy (measured on iprouter-01, docs/
    performance.md), and the packets are identical: same bytes, headroom and tailroom (both
    from the standard buffer), annotations (the template packet's are never set).  When no
    reachable element writes, clones stay (no copy at all is cheaper).  Adds ``#define
    SOURCE_COPY 1`` to the source's ``Element.facts.c_code`` and sets
    ``Element.facts.source_copy``."""
    cache: dict[str, str | None] = {}
    for e in graph.elements():
        if e.class_name not in cache:
            cache[e.class_name] = _template_text(ctx.registry, e.class_name)
        text = cache[e.class_name]
        if text is None or not _USES_COPY.search(text):
            continue
        writer = next((n for n in reachable(graph, e.name)[1:]
                       if writes(graph.element(n), ctx.registry, cache)), None)
        e.facts.source_copy = writer is not None
        if writer is None:
            ctx.note(COPY_NAME, f"{e.name}: clones (no reachable element writes packet data)")
            continue
        code = str(e.facts.c_code)
        if f"#define {COPY_MACRO}" not in code:
            line = (f"/* source-copy pass: {writer} writes packet data: emit copies */\n"
                    f"#define {COPY_MACRO} 1\n")
            e.facts.c_code = (code.rstrip() + "\n" if code.strip() else "") + line
        ctx.note(COPY_NAME, f"{e.name}: emits copies ({writer} :: "
                            f"{graph.element(writer).class_name} writes packet data)")


PASSES = [Pass(NAME, "sources skip the per-packet clock read when no element can see the "
                     "timestamp annotation", run, provides=("timestamps",)),
          Pass(COPY_NAME, "sources emit copies instead of clones when a downstream element "
                          "writes packet data", run_copy, provides=("source-copy",))]
