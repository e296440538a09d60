"""QuitWatcher: Stops the router when one of the named elements' tasks is no longer scheduled.

Facts from Click's elements/standard/quitwatcher.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, find_element
from clickc.elements.aqm.red_queues import _c_string
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def quit_watcher(graph: RouterGraph, element: Element,
                 ctx: ConfigureContext) -> dict[str, Any] | None:
    """QuitWatcher(ELEMENT, ...): every argument names an element, found from QuitWatcher's
    compound outwards (Click's Router::find).  Click's configure accepts anything and its
    initialize looks up each ``ELEMENT.scheduled`` read handler; so does the C file
    (elements/standard/quitwatcher.c), with HandlerCall's errors ("no element named 'X'",
    "no 'X.scheduled' read handler").  Emits ``ELEM(watched)``, the flat handler names, and
    ``ELEM(nwatched)``.  Returns ``{"ELEMENTS": [flat names]}``."""
    names = []
    for arg in cp_argvec(element.config):
        names.append(find_element(graph, arg, element.name) or arg)
    literals = ", ".join(_c_string(n + ".scheduled") for n in names) or "0"
    element.facts.c_code = (
        f"static const char *const ELEM(watched)[] = {{{literals}}};\n"
        f"enum {{ ELEM(nwatched) = {len(names)} }};\n")
    return {"ELEMENTS": names}


SPEC = ElementSpec('QuitWatcher', '0/0', 'a/a',
    config='custom',
    custom_parser=quit_watcher,
    schedulable='timer',
)
