"""AggregatePacketCounter: Counts packets per aggregate annotation and packet number, separately
for each input; packets on input N leave on output N.

Facts from Click's elements/analysis/aggpktcounter.hh and .cc.
"""

from typing import Any

from clickc.args.core import PARSERS, ArgContext, ArgError, parse_args_full
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph

_ARGS = (
    Arg('NOTIFIER', 'element', doc='accepted and ignored, as in Click'),
    Arg('ANNO', 'word', default='PACKET_NUMBER',
        doc='the 4-byte packet-number annotation (name or byte offset), or NONE: every '
            'packet counts as packet number 0'),
)


def parse_config(graph: RouterGraph, element: Element,
                 ctx: ConfigureContext) -> dict[str, Any] | None:
    """AggregatePacketCounter::configure: ``NOTIFIER`` and ``ANNO`` (a word: ``NONE``, or a
    4-byte annotation's name or offset, else Click's "bad ANNO").

    Returns ``{"NOTIFIER": ..., "ANNO": offset}`` with ``ANNO`` -1 for NONE, or None after
    reporting Click's messages through ``ctx``.
    """
    actx = ArgContext(element=element, graph=graph)
    parsed = parse_args_full(SPEC, element.config, actx)
    if parsed.errors:
        for m in parsed.errors:
            ctx.error(m)
        return None
    word = str(parsed.values.get('ANNO') or 'PACKET_NUMBER')
    if word == 'NONE':
        offset = -1
    else:
        try:
            offset = int(PARSERS['anno4'](word, actx))
        except ArgError:
            ctx.error("bad ANNO")
            return None
    return {'NOTIFIER': parsed.values.get('NOTIFIER'), 'ANNO': offset}


SPEC = ElementSpec('AggregatePacketCounter', '1-/=', 'a/a', '#/#',
    config='custom',
    custom_parser=parse_config,
    args=_ARGS,
    handlers=(
        Handler('count', doc='packets counted in every aggregate now known (a sum over the '
                'aggregates, so it drops to 0 after clear)'),
        Handler('received', read_param=True,
                doc='AGG: the packet numbers of aggregate AGG received on any input, one a '
                    'line, in increasing order'),
        Handler('undelivered', read_param=True,
                doc='AGG: the packet numbers of aggregate AGG received on input 0 more often '
                    'than on input 1, one a line (two inputs or more)'),
        Handler('clear', read=False, write=True, doc='forget every aggregate'),
    ),
    state='shared',
    header_delta=0,
)
