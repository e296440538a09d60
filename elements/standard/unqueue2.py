"""Unqueue2: Pulls packets and pushes them out, up to BURST at a time but never more than the
fullest downstream queue has room for (deprecated in Click for Unqueue).

Facts from Click's elements/standard/unqueue2.hh and .cc.
"""

from typing import Any

from clickc.args import cp_spacevec
from clickc.elements.aqm.red_queues import _c_string, _find, _is_storage, _walk
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def unqueue2_queues(graph: RouterGraph, element: Element, args: dict[str, Any],
                    ctx: ConfigureContext) -> None:
    """Unqueue2::configure and ::initialize: the deprecation message unless QUIET (Click
    prints it with ``errh->error`` but configures on, so it is a message here), then the
    Storage elements checked: QUEUES's words (each must name a queue: "bad QUEUES"; given
    as ``""``, none), else every queue first reached downstream.  Emits ``ELEM(queue_names)``
    and ``ELEM(nqueues)`` for elements/standard/unqueue2.c."""
    if not args.get("QUIET"):
        ctx.message("Unqueue2 is deprecated, you should probably use Unqueue")
    given = args.get("QUEUES")
    queues: list[str] = []
    if given is not None:
        for word in cp_spacevec(str(given)):
            if word in ('""', "''"):
                continue  # QUEUES "": none, as Click's documentation says
            found = _find(graph, word, element.name)
            if found is None or not _is_storage(graph, found):
                ctx.error("bad QUEUES")
                return
            queues.append(found)
    else:
        queues = _walk(graph, element.name, downstream=True)
    names = ", ".join(_c_string(q) for q in queues) or "0"
    element.facts.c_code = (
        f"static const char *const ELEM(queue_names)[] = {{{names}}};\n"
        f"enum {{ ELEM(nqueues) = {len(queues)} }};\n")


SPEC = ElementSpec('Unqueue2', '1/1', 'l/h',
    args=(
        Arg('BURST', 'int', positional=True, default=1,
            doc='packets pulled per task run at most (0: no limit)'),
        Arg('QUEUES', 'anything',
            doc='the queues whose free room limits a burst (default: every queue first '
                'reached downstream; empty: none)'),
        Arg('QUIET', 'bool', default=False, doc='no deprecation message'),
    ),
    handlers=(Handler('packets', doc='packets pushed so far, as "N packets"'),),
    validate=unqueue2_queues,
    schedulable='unqueue',
    empty_signal=True,
    state='counters',
    header_delta=0,
)
