"""ARPQuerier: Resolves next-hop IP addresses (destination annotation) to Ethernet addresses with
ARP, queueing packets while a query is outstanding.

Facts from Click's elements/ethernet/arpquerier.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ARPQuerier',
    port_count='2/1-2',
    processing='h/h',
    flow_code='xy/x',
    config='custom',
    custom_parser='clickc.elements.parsers:arp_querier_args',
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
    concurrency=(
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
    doc=(
        'Resolves next-hop IP addresses (destination annotation) to Ethernet addresses '
        'with ARP, queueing packets while a query is outstanding.'
    ),
)
