"""ICMPPingSource: Sends ICMP echo requests from SRC to DST periodically and matches replies.

Facts from Click's elements/icmp/icmpsendpings.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def icmp_ping_source(graph: RouterGraph, element: Element, args: dict[str, Any],
                     ctx: ConfigureContext) -> None:
    """ICMPPingSource: Click's warning for an INTERVAL of 0 milliseconds
    (ICMPPingSource::configure; the pull-output checks are made by the template)."""
    if args.get("INTERVAL") is not None and int(args["INTERVAL"]) == 0:
        ctx.warning("INTERVAL so small that it is zero")


SPEC = ElementSpec('ICMPPingSource', '0-1/1', 'h/a',
    args=(
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('DST', 'ip', positional=True, required=True),
        Arg('INTERVAL', 'milliseconds', default=1000, doc='milliseconds; default: 1 s'),
        Arg('IDENTIFIER', 'uint16', default=0),
        Arg('DATA', 'string'),
        Arg('LIMIT', 'int', default=-1),
        Arg('ACTIVE', 'bool', default=True),
        Arg('VERBOSE', 'bool', default=True),
        Arg('STOP', 'bool', default=False),
        Arg('MIRROR', 'bool', default=False),
    ),
    handlers=(
        Handler('active', write=True),
        Handler('src', write=True),
        Handler('dst', write=True),
        Handler('count'),
        Handler('limit', read=False, write=True),
        Handler('interval', read=False, write=True),
        Handler('reset_counts', read=False, write=True),
        Handler('summary'),
        Handler('rtt_min'),
        Handler('rtt_avg'),
        Handler('rtt_max'),
    ),
    schedulable='timer',
    validate=icmp_ping_source,
    synonyms=('ICMPSendPings',),
    state='shared',
)
