"""StoreIPAddress: Writes an IP address (the annotation or ADDR) into the packet at OFFSET, or into
the source/destination field.

Facts from Click's elements/ip/storeipaddress.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec
from clickc.args.core import ArgContext, parse_args_full
from clickc.args.numbers import NumError, parse_int
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def parse_config(graph: RouterGraph, element: Element,
                 ctx: ConfigureContext) -> dict[str, Any] | None:
    """StoreIPAddress's configure: ``OFFSET`` alone, or ``ADDR, OFFSET`` (two or more
    arguments); OFFSET is ``src`` (stored as -12), ``dst`` (-16) or a non-negative integer.

    Returns ``{"ADDR": IPAddress or None, "OFFSET": int}``, or None after reporting Click's
    messages through ``ctx.error`` (Click's StoreIPAddress::configure).
    """

    use_address = len(cp_argvec(element.config)) > 1
    args: tuple[Arg, ...] = ((Arg('ADDR', 'ip', positional=True, required=True),)
                             if use_address else ())
    args += (Arg('OFFSET', 'word', positional=True, required=True),)
    tmp = ElementSpec('StoreIPAddress', '1/1-2', 'a/ah', args=args)
    parsed = parse_args_full(tmp, element.config, ArgContext(element=element, graph=graph))
    if parsed.errors:
        for m in parsed.errors:
            ctx.error(m)
        return None
    word = str(parsed.values['OFFSET'])
    if word.lower() == 'src':
        offset = -12
    elif word.lower() == 'dst':
        offset = -16
    else:
        try:
            offset = parse_int(word, 32, True)
        except NumError:
            offset = -1
        if offset < 0:
            ctx.error("type mismatch: OFFSET requires integer")
            return None
    return {'ADDR': parsed.values.get('ADDR'), 'OFFSET': offset}


SPEC = ElementSpec('StoreIPAddress', '1/1-2', 'a/ah',
    config='custom',
    custom_parser=parse_config,
    args=(
        Arg('ADDR', 'ip', positional=True),
        Arg('OFFSET', 'int', positional=True, required=True),
    ),
    header_delta=0,
)
