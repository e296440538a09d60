"""NumberPacket: Writes an increasing 64-bit packet number into each packet's data (FastClick's
measurement element).

Facts from FastClick's elements/analysis/numberpacket.hh and .cc (FastClick is not Click:
the class is FastClick's, with its names and arguments; docs/more-elements.md, "FastClick's
measurement elements").
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check_offset(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """OFFSET must not be negative (FastClick's "Offset must be >= 0")."""
    offset = args.get('OFFSET')
    if isinstance(offset, int) and offset < 0:
        ctx.error("Offset must be >= 0")


SPEC = ElementSpec('NumberPacket', '1/1', 'a/a',
    args=(Arg('OFFSET', 'int', positional=True, default=40,
              doc='byte offset of the 8-byte number in the data'),
          Arg('NET_ORDER', 'bool', default=False,
              doc='write the number in network byte order (else host order)')),
    handlers=(Handler('count', doc='packets numbered so far (the next number)'),),
    validate=check_offset,
    state='counters',
    concurrency='atomic',
    concurrency_note='the counter is taken with an atomic fetch-and-add when several threads '
                     'run the element, as FastClick does: numbers stay unique',
    header_delta=0,
)
