"""Timestamp elision: sources skip the per-packet clock read when nothing can see the result.

Click's packet sources stamp every packet with the current time (InfiniteSource's
``TIMESTAMP`` defaults to true and calls ``Timestamp::now`` per packet; RatedSource always
stamps; elements/standard/infinitesource.cc, ratedsource.cc).  A clock read costs about 21 ns
on a virtual machine (docs/performance.md), more than the rest of a small router's work on one
packet.  When no element that can receive a source's packets ever reads the timestamp
annotation, the value is unobservable and the read can be compiled out: the router's output
is the same.

The analysis (per source):

1. *Observers*: an element observes the timestamp when its spec's ``reads_timestamp`` says
   so: by default its class's C template (with the element files it includes) reads
   ``ts_ns``, i.e. mentions it anywhere but on the left of a plain assignment (the registry's
   C facts, clickc.elements.cfacts).  This covers ToDump and any later template without a
   list to keep up to date.  Classes that read it only under an option have a rule in their
   spec and are observers only then: Print with ``TIMESTAMP true`` (default false), IPPrint
   unless ``TIMESTAMP false`` (default true), ToIPSummaryDump when ``CONTENTS`` names a time
   field (``timestamp``, ``ts``, ``ts_sec``, ``usec``, ``first_timestamp`` ...).  A class
   without a readable template counts as an observer.
2. *Reach*: packets move only over connections (a Queue stores and hands on the same packet;
   elements that copy a timestamp into new packets, IPFragmenter and ARPQuerier, send them on
   downstream), so the elements that can see a source's packets are those reachable from it
   in the connection graph.  The source itself counts (it may read its own stamps).
3. A source (a class whose template tests ``SOURCE_TIMESTAMP``, a C fact) none of whose reachable
   elements observes gets ``#define SOURCE_TIMESTAMP 0`` in its instance's generated code
   (``Element.facts.c_code``, docs/c-interface.md); the template's default is 1, so a
   source the pass did not analyse keeps Click's behaviour.

``--explain`` says, for each source, which it decided and, when it kept the timestamps, the
first observer found.
"""

from __future__ import annotations

from clickc.elements.cfacts import COPY_MACRO, TIMESTAMP_MACRO, CFacts
from clickc.elements.registry import SpecSource, reads_timestamp
from clickc.ir import Element, RouterGraph

from .manager import Pass, PassContext

NAME = "timestamps"

#: The macro a source template tests (default 1 in the template).
MACRO = TIMESTAMP_MACRO


def _facts(registry: SpecSource, class_name: str) -> CFacts | None:
    """The C facts of ``class_name`` (None: unknown class or no C file)."""
    try:
        f: CFacts | None = registry.c_facts(class_name)
    except KeyError:
        return None
    return f


def observes(e: Element, registry: SpecSource) -> bool:
    """Whether element ``e`` can read a packet's timestamp annotation (see the module doc)."""
    spec = registry.get(e.class_name)
    if spec is None:
        return True
    return bool(reads_timestamp(spec, e))


def run(graph: RouterGraph, ctx: PassContext) -> None:
    """Set ``SOURCE_TIMESTAMP 0`` on every source whose stamps no reachable element reads.

    graph: a checked router graph (``Element.args`` parsed).  Adds a line to the source's
    ``Element.facts.c_code`` and sets ``Element.facts.source_timestamp`` (False when
    elided, True when kept) for tests and ``--explain``.  Never raises on a valid graph."""
    for e in graph.elements():
        facts = _facts(ctx.registry, e.class_name)
        if facts is None or not facts.timestamp_macro:
            continue
        observer = next((n for n in graph.downstream(e.name)
                         if observes(graph.element(n), ctx.registry)), None)
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


#: The source-copy pass (its macro, ``COPY_MACRO``, defaults to 0 in the template: clones,
#: as Click).
COPY_NAME = "source-copy"


def writes(e: Element, registry: SpecSource) -> bool:
    """Whether ``e``'s template may write packet data (calls ck_packet_uniqueify,
    ck_packet_push or ck_packet_put, which copy a shared buffer first: a C fact)."""
    facts = _facts(registry, e.class_name)
    return facts is not None and facts.writes_data


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
    for e in graph.elements():
        facts = _facts(ctx.registry, e.class_name)
        if facts is None or not facts.copy_macro:
            continue
        writer = next((n for n in graph.downstream(e.name)[1:]
                       if writes(graph.element(n), ctx.registry)), None)
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
