"""AggregateCounter: Counts packets (or bytes) per aggregate annotation value; write handlers dump
the counts to a file.

Facts from Click's elements/analysis/aggcounter.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Click's AggregateCounter::configure checks: at most one AGGREGATE_ and one COUNT_
    keyword, and a number first in AGGREGATE_CALL and COUNT_CALL."""
    for kind, what in (('AGGREGATE', 'number of aggregates'), ('COUNT', 'count')):
        given = [k for k in (f'{kind}_FREEZE', f'{kind}_STOP', f'{kind}_CALL')
                 if args.get(k) is not None]
        if len(given) > 1:
            ctx.error(f"'{kind}_FREEZE', '{kind}_STOP', and '{kind}_CALL' are mutually "
                      "exclusive")
        call = args.get(f'{kind}_CALL')
        if isinstance(call, str):
            first = call.split()[0] if call.split() else ''
            if not first.isdigit():
                ctx.error(f"{kind}_CALL first word should be unsigned ({what})")


SPEC = ElementSpec('AggregateCounter', '1-2/1-2', 'a/a',
    args=(
        Arg('BYTES', 'bool', default=False, doc='count bytes, not packets'),
        Arg('IP_BYTES', 'bool', default=False,
            doc='with BYTES, leave out the bytes before the network header'),
        Arg('MULTIPACKET', 'bool', default=True,
            doc='count a packet as 1 + its EXTRA_PACKETS annotation'),
        Arg('EXTRA_LENGTH', 'bool', default=True,
            doc='with BYTES, add the EXTRA_LENGTH annotation'),
        Arg('AGGREGATE_FREEZE', 'unsigned', doc='freeze once N aggregates were seen'),
        Arg('COUNT_FREEZE', 'unsigned64', doc='freeze once the total count reaches N'),
        Arg('AGGREGATE_STOP', 'unsigned', doc='stop the router once N aggregates were seen'),
        Arg('COUNT_STOP', 'unsigned64', doc='stop the router once the total count reaches N'),
        Arg('AGGREGATE_CALL', 'anything', doc='"N HANDLER [VALUE]": call once N aggregates '
            'were seen'),
        Arg('COUNT_CALL', 'anything', doc='"N HANDLER [VALUE]": call once the total count '
            'reaches N'),
        Arg('BANNER', 'string', default=b'', doc='text written after the first line of each '
            'dump'),
    ),
    handlers=(
        Handler('write_text_file', read=False, write=True,
                doc='FILE (or -): the counts as "AGGREGATE COUNT" lines'),
        Handler('write_ascii_file', read=False, write=True, doc='as write_text_file'),
        Handler('write_file', read=False, write=True,
                doc='FILE (or -): the counts as packed 32-bit pairs in host byte order'),
        Handler('write_ip_file', read=False, write=True,
                doc='FILE (or -): the counts with aggregates as IP addresses'),
        Handler('write_pdf_file', read=False, write=True,
                doc='FILE (or -): each aggregate with its share of the total count'),
        Handler('freeze', write=True, doc='frozen: only aggregates already seen are counted'),
        Handler('active', write=True, doc='inactive: nothing is counted'),
        Handler('stop', read=False, write=True, doc='inactive, and the router stops'),
        Handler('reaggregate_counts', read=False, write=True,
                doc='replace the counts by how many aggregates had each count'),
        Handler('counts_pdf', read=False, write=True, doc='as reaggregate_counts'),
        Handler('banner', write=True, doc='BANNER'),
        Handler('clear', read=False, write=True, doc='forget every count'),
        Handler('aggregate_call', write=True, doc='AGGREGATE_CALL'),
        Handler('count_call', write=True, doc='COUNT_CALL'),
        Handler('count', doc='the total count'),
        Handler('nagg', doc='aggregates with a nonzero count'),
    ),
    validate=check,
    state='shared',
    header_delta=0,
)
