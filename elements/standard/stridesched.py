"""StrideSched: Pulls from its inputs in proportion to their tickets (stride scheduler).

Facts from Click's elements/standard/stridesched.hh and .cc.
"""

import dataclasses
from typing import Any

from clickc.args import cp_argvec
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import ElementSpec, Handler
from clickc.ir import Element, RouterGraph

MAX_TICKETS = 1 << 15


def tickets(graph: RouterGraph, element: Element, ctx: ConfigureContext) -> dict[str, Any] | None:
    """StrideSched and StrideSwitch: one ticket count per input (pull) or output (push) port
    (Click's StrideSched::configure)."""
    conf = cp_argvec(element.config)
    pull = element.class_name == "StrideSched"
    nclients = int(graph.ninputs_used(element.name) if pull
                   else graph.noutputs_used(element.name))
    if len(conf) != nclients:
        ctx.error(f"need {nclients} arguments, one per {'input' if pull else 'output'} port")
        return None
    values: list[int] = []
    ok = True
    for i, text in enumerate(conf):
        v = parse_int(text.strip(), signed=True)
        if v is None:
            ctx.error(f"argument {i} should be number of tickets (integer)")
            ok = False
        elif v < 0:
            ctx.error(f"argument {i} (number of tickets) must be >= 0")
            ok = False
        else:
            if v > MAX_TICKETS:
                ctx.warning(f"input {i}'s tickets reduced to {MAX_TICKETS}")
                v = MAX_TICKETS
            values.append(v)
    if ok:
        # the C form, for elements/standard/strideswitch.c
        element.facts.c_code = (
            f"static const int ELEM(conf_tickets)[] = {{{', '.join(map(str, values)) or '0'}}};\n"
            f"static const int ELEM(conf_ntickets) = {len(values)};\n")
    return {"TICKETS": values} if ok else None


def stride_spec(name: str, pull: bool, doc: str = "") -> ElementSpec:
    """The spec of StrideSched (``pull``: tickets per input, one pull output) or StrideSwitch
    (tickets per output, push), which Click derives from StrideSched: :func:`tickets` parses
    the ticket counts, ``config`` reads them back."""
    return ElementSpec(name, '1-/1' if pull else '1/1-', 'l/l' if pull else 'h/h',
        config='custom',
        custom_parser=tickets,
        handlers=(Handler('config'),),
        state='shared',
        doc=doc,
    )


SPEC = dataclasses.replace(
    stride_spec(name='StrideSched', pull=True),
    scheduler=True,
    removable_inputs='ports-and-args',
    click_flags='S0',
)
