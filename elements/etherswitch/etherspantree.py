"""EtherSpanTree: The IEEE 802.1D spanning tree of an Ethernet switch: reads bridge protocol
messages on its inputs, sends its own on its outputs and blocks or forwards each port through
two Suppressors around an EtherSwitch.

Facts from Click's elements/etherswitch/spantree.hh and .cc and bridgemessage.hh and .cc.  The C
file is elements/etherswitch/etherspantree.c; docs/more-elements.md describes the behaviour.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph

#: argument -> the class it must name (Click's ElementCastArg)
_CASTS = (("INPUT_SUPPRESSOR", "Suppressor"), ("OUTPUT_SUPPRESSOR", "Suppressor"),
          ("SWITCH", "EtherSwitch"))


def check_elements(graph: RouterGraph, element: Element, args: dict[str, Any],
                   ctx: ConfigureContext) -> None:
    """Each element argument names an element of the right class (Click's "element type
    mismatch, expected CLASS"); the Suppressors have a handler per port (clickc's Suppressor
    has active0 to active7: at most 8 ports)."""
    for name, cls in _CASTS:
        ref = args.get(name)
        target = getattr(ref, "name", None)
        if target is not None and graph.element(target).class_name != cls:
            ctx.error(f"{name}: element type mismatch, expected {cls}")
    nports = max(graph.ninputs_used(element.name), graph.noutputs_used(element.name))
    if nports > 8:
        ctx.error(f"{nports} ports: clickc's Suppressor, through which EtherSpanTree blocks "
                  "ports, has handlers for 8 (active0 to active7)")


SPEC = ElementSpec('EtherSpanTree', '-/=', 'h/h',
    args=(
        Arg('ADDR', 'ether', positional=True, required=True,
            doc="the switch's Ethernet address (its bridge identifier, priority 0xdead)"),
        Arg('INPUT_SUPPRESSOR', 'element', positional=True, required=True,
            doc='Suppressor in front of the EtherSwitch: input i closed while port i blocks '
                'or listens'),
        Arg('OUTPUT_SUPPRESSOR', 'element', positional=True, required=True,
            doc='Suppressor after the EtherSwitch: output i open only while port i forwards'),
        Arg('SWITCH', 'element', positional=True, required=True,
            doc='the EtherSwitch (checked, as in Click, and otherwise not used)'),
    ),
    handlers=(
        Handler('msgs', doc="one line per port: the best message received there (Click's "
                            "BridgeMessage text), then the switch's best message"),
    ),
    schedulable='timer',
    state='shared',
    concurrency='lock',
    concurrency_note=('the port table and the best message: an element lock around each '
                      'received message, each hello period and the msgs handler; packets '
                      'are pushed after it is released'),
    validate=check_elements,
)
