"""ScheduleInfo: Sets scheduling parameters (tickets) of elements.

Facts from Click's elements/standard/scheduleinfo.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, cp_spacevec, parse_value
from clickc.args.core import ArgError
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def schedule_info(graph: RouterGraph, element: Element,
                  ctx: ConfigureContext) -> dict[str, Any] | None:
    """ScheduleInfo: ``ELEMENTNAME PARAM`` per argument, PARAM a real number of tickets
    relative to the default (Click's ScheduleInfo::configure)."""

    out: dict[str, float] = {}
    ok = True
    for arg in cp_argvec(element.config):
        parts = cp_spacevec(arg)
        if not parts:
            continue
        try:
            if len(parts) != 2:
                raise ArgError()
            out[parts[0]] = float(parse_value("real", parts[1]))
        except ArgError:
            ctx.error("expected 'ELEMENTNAME PARAM'")
            ok = False
    return {"PARAMS": out} if ok else None


SPEC = ElementSpec('ScheduleInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=schedule_info,
    configure_phase=20,
)
