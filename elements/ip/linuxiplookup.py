"""LinuxIPLookup: Routes each packet by its destination annotation through the host's main
routing table, read once from /proc/net/route when the router starts; output I is the
interface named by argument I.

Facts from Click's elements/ip/lookupiproutelinux.hh and .cc (its user-level form).
"""

from typing import Any

from clickc.args import cp_argvec
from clickc.elements.hooks import ConfigureContext, c_struct_table, set_c_code
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def parse_config(graph: RouterGraph, element: Element,
                 ctx: ConfigureContext) -> dict[str, Any] | None:
    """LinuxIPLookup::configure: every argument, as written, is an interface name; the element
    needs as many outputs, or one more (for packets without a route), else Click's "need N or
    N+1 output ports".  The names become the per-instance table ``ELEM(dev)`` (NUL-terminated
    byte arrays) with ``ELEM(dev_n)``, their count; returns ``{}``, or None after the error."""
    names = [a.encode() for a in cp_argvec(element.config)]
    n = len(names)
    nout = graph.noutputs_used(element.name)
    if nout < n or nout > n + 1:
        ctx.error(f"need {n} or {n + 1} output ports")
        return None
    width = max((len(b) for b in names), default=0) + 1
    set_c_code(element, c_struct_table(
        'dev', f'unsigned char name[{width}];', [[b.ljust(width, b'\0')] for b in names]))
    return {}


SPEC = ElementSpec('LinuxIPLookup', '1/1-', 'h/h',
    config='custom',
    custom_parser=parse_config,
    state='readonly',
    header_delta=0,
)
