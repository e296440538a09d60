"""ARPQuerier: Resolves next-hop IP addresses (destination annotation) to Ethernet addresses with
ARP, queueing packets while a query is outstanding.

Facts from Click's elements/ethernet/arpquerier.hh and .cc.
"""

import dataclasses
from typing import Any

from clickc.args import ArgContext, cp_argvec, cp_spacevec, parse_args_full, report
from clickc.elements import registry
from clickc.elements.hooks import ConfigureContext, address_db
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.ir import Element, RouterGraph

_ARPQ_KEYWORDS = ("CAPACITY", "ENTRY_CAPACITY", "ENTRY_PACKET_CAPACITY", "CAPACITY_SLIM_FACTOR",
                  "TIMEOUT", "BROADCAST", "TABLE", "POLL_TIMEOUT", "BROADCAST_POLL")


def arp_querier_args(graph: RouterGraph, element: Element,
                     ctx: ConfigureContext) -> dict[str, Any] | None:
    """ARPQuerier: its spec's arguments, except that a single positional argument (an
    AddressInfo name) stands for both IP and ETH (Click's ARPQuerier::configure duplicates
    it after consuming the keywords).  TABLE must name an ARPTable element (Click's
    ElementCastArg error otherwise).  Returns None after reporting errors on ``ctx.errh``."""
    spec = registry.get(element.class_name)
    assert spec is not None
    conf = cp_argvec(element.config)
    keywords: list[str] = []
    rest: list[str] = []
    for a in conf:
        words = cp_spacevec(a)
        (keywords if len(words) >= 2 and words[0] in _ARPQ_KEYWORDS else rest).append(a)
    # Click consumes the keywords first, then reads IP and ETH from what is left
    config = ", ".join((rest + rest if len(rest) == 1 else rest) + keywords)
    actx = ArgContext(element=element.name, class_name=element.class_name,
                      landmark=element.landmark, graph=graph,
                      addressinfo=getattr(ctx, "addressinfo", None) or address_db(graph))
    parsed = parse_args_full(dataclasses.replace(spec, config="args"), config, actx)
    errors = list(parsed.errors)
    table = parsed.values.get("TABLE")
    if not errors and table is not None and (
            str(table) not in graph or graph.element(str(table)).class_name != "ARPTable"):
        # Click's ElementCastArg("ARPTable")
        errors.append("TABLE: element type mismatch, expected ARPTable")
    if errors:
        report(actx, errors, ctx.errh)
        return None
    element.facts.args_given = set(parsed.given)
    return dict(parsed.values)


SPEC = ElementSpec('ARPQuerier', '2/1-2', 'h/h', 'xy/x',
    config='custom',
    custom_parser=arp_querier_args,
    args=(
        Arg('IP', 'ipprefix_or_addr', positional=True, required=True),
        Arg('ETH', 'ether', positional=True, required=True),
        Arg('TABLE', 'element'),
        Arg('CAPACITY', 'unsigned', default=0),
        Arg('ENTRY_CAPACITY', 'unsigned', default=0),
        Arg('ENTRY_PACKET_CAPACITY', 'unsigned', default=0),
        Arg('CAPACITY_SLIM_FACTOR', 'unsigned', default=2),
        Arg('TIMEOUT', 'time', default=300.0),
        Arg('BROADCAST', 'ip'),
        Arg('POLL_TIMEOUT', 'time', default=60.0),
        Arg('BROADCAST_POLL', 'bool', default=False),
    ),
    handlers=(
        Handler('table'),
        Handler('stats'),
        Handler('count'),
        Handler('length'),
        Handler('insert', read=False, write=True),
        Handler('delete', read=False, write=True),
        Handler('clear', read=False, write=True),
        Handler('queries'),
        Handler('responses'),
        Handler('drops'),
        Handler('broadcast', write=True),
        Handler('ipaddr', write=True),
    ),
    state='shared',
    concurrency='lock',
    concurrency_note=(
        'push, the expiry timer and every handler run under one re-entrant per-instance lock; '
        'queued packets are marked as crossing threads'
    ),
    click_flags='L2',
    # the handlers' bodies, called with the lock held (the handlers take it first)
    c_helpers=(
        'read_broadcast_unlocked', 'read_count_unlocked', 'read_drops_unlocked',
        'read_ipaddr_unlocked', 'read_length_unlocked', 'read_queries_unlocked',
        'read_responses_unlocked', 'read_stats_unlocked', 'read_table_unlocked',
        'write_broadcast_unlocked', 'write_clear_unlocked', 'write_delete_unlocked',
        'write_insert_unlocked', 'write_ipaddr_unlocked',
    ),
    # the table moves (from an ARPQuerier of the same IP, ETH and broadcast address, when both
    # have their own table): entries, ages, waiting packets; the counters continue; the expiry
    # timer keeps its schedule
    # (docs/reconfiguration.md)
    hot=HotState(expose=('arpt', 'own_table', 'my_ip', 'my_en', 'my_bcast_ip', 'queries',
                         'responses', 'drops'), timers=('expire_timer',), take=True),
)
