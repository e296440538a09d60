"""StaticThreadSched: Assigns elements' tasks to threads (ELEMENT THREAD pairs).

Facts from Click's elements/threads/staticthreadsched.hh and .cc.
"""

from typing import Any

from clickc.args import ArgContext, cp_argvec, cp_spacevec, parse_args_full
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def _names_element(graph: RouterGraph, element: Element, name: str) -> bool:
    """Whether ``name``, seen from ``element``'s compound, names an element or a compound
    (Router::find, then a prefix match on ``name/`` as StaticThreadSched does)."""
    prefix = element.name[:element.name.rfind("/") + 1]
    while True:
        full = prefix + name
        if full in graph or any(e.name.startswith(full + "/") for e in graph.elements()):
            return True
        if not prefix:
            return False
        prefix = prefix[:prefix.rfind("/", 0, len(prefix) - 1) + 1]


def thread_assignments(graph: RouterGraph, element: Element,
                       ctx: ConfigureContext) -> dict[str, Any] | None:
    """StaticThreadSched: ``ELEMENT THREAD`` per argument (Click's
    StaticThreadSched::configure: the words are Args' positional ELEMENT and THREAD).
    Returns ``{"THREADS": [(element name, thread), ...]}``."""

    pair = ElementSpec(element.class_name, "0/0", "a/a",
                       args=(Arg("ELEMENT", "string", positional=True, required=True),
                             Arg("THREAD", "int", positional=True, required=True)))
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph)
    out: list[tuple[str, int]] = []
    ok = True
    for arg in cp_argvec(element.config):
        parsed = parse_args_full(pair, ", ".join(cp_spacevec(arg)), actx)
        if parsed.errors:
            for m in parsed.errors:
                ctx.error(m)
            return None
        raw = parsed.values["ELEMENT"]
        ename = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw)
        if not _names_element(graph, element, ename):
            # Click reports the compound-prefix form it searched last: 'NAME/'
            ctx.error(f"'{ename}/' does not name an element" if ename
                      else "'' does not name an element")
            ok = False
            continue
        out.append((ename, int(parsed.values["THREAD"])))
    return {"THREADS": out} if ok else None


SPEC = ElementSpec('StaticThreadSched', '0/0', 'a/a',
    config='custom',
    custom_parser=thread_assignments,
           assigns_threads=True,
)
