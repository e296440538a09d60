"""RecordTimestamp: Records the time each packet passes, in a table indexed by the packet's
number (FastClick's measurement element, read by TimestampDiff).

Facts from FastClick's elements/analysis/recordtimestamp.hh and .cc (the class is
FastClick's, with its names and arguments; docs/more-elements.md, "FastClick's measurement
elements").  FastClick's TXDEV and TXDEV_QID (a DPDK transmit callback) are not provided.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def check_config(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """COUNTER must name a NumberPacket; the element must sit in a path (one input, one
    output), FastClick's messages."""
    counter = args.get('COUNTER')
    if counter is not None and (str(counter) not in graph
                                or graph.element(str(counter)).class_name != 'NumberPacket'):
        ctx.error("COUNTER must be a valid NumberPacket element")
    if graph.ninputs_used(element.name) != 1 or graph.noutputs_used(element.name) != 1:
        ctx.error("You need to pass either TXDEV or use the element in path.")


SPEC = ElementSpec('RecordTimestamp', '0-1/=', 'h/h',
    args=(Arg('COUNTER', 'element',
              doc='a NumberPacket whose NET_ORDER the numbers follow'),
          Arg('N', 'unsigned', default=0,
              doc='slots reserved in the table (0: 65536)'),
          Arg('OFFSET', 'int', default=-1,
              doc='byte offset of the packet number (NumberPacket); negative: each packet '
                  'takes the next slot'),
          Arg('DYNAMIC', 'bool', default=False,
              doc='let the table grow past N'),
          Arg('NET_ORDER', 'bool', default=False,
              doc='the numbers are in network byte order (COUNTER\'s setting wins)'),
          Arg('SAMPLE', 'unsigned', default=0,
              doc='record one packet in SAMPLE (the numbers divisible by it); 0 or 1: every '
                  'packet')),
    validate=check_config,
    state='shared',
    header_delta=0,
)
