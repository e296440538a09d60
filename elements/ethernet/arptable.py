"""ARPTable: Stores IP-to-Ethernet mappings, as ARPQuerier's table, in an element of its own.

Facts from Click's elements/ethernet/arptable.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """ARPTable::configure's check after its arguments: "CAPACITY_SLIM_FACTOR cannot be zero"
    (a configure error in Click; the C file's check at initialization is then never
    reached)."""
    if args.get('CAPACITY_SLIM_FACTOR') == 0:
        ctx.error("CAPACITY_SLIM_FACTOR cannot be zero")


SPEC = ElementSpec('ARPTable', '0/0', 'a/a',
    args=(
        Arg('CAPACITY', 'unsigned', default=0,
            doc='saved packets over all entries at most (default 2048; 0: no limit)'),
        Arg('ENTRY_CAPACITY', 'unsigned', default=0, doc='entries at most (0: no limit)'),
        Arg('ENTRY_PACKET_CAPACITY', 'unsigned', default=0,
            doc='saved packets per entry at most (0: no limit)'),
        Arg('CAPACITY_SLIM_FACTOR', 'unsigned', default=2,
            doc='over CAPACITY, 1/CAPACITY_SLIM_FACTOR of the saved packets are dropped'),
        Arg('TIMEOUT', 'time', default=300.0,
            doc='an entry is unknown this long after its last update, and removed by the '
                'expiry timer, which runs TIMEOUT after initialization, then every TIMEOUT '
                '+ 1 s (0: never)'),
    ),
    validate=check,
    handlers=(
        Handler('table', doc='one line per entry: IP, 1 if valid, Ethernet address, age'),
        Handler('drops', doc='packets dropped for timeouts or capacity'),
        Handler('count', doc='entries in the table'),
        Handler('length', doc='packets saved in the table'),
        Handler('insert', read=False, write=True, doc='"IP ETH": add or update an entry'),
        Handler('delete', read=False, write=True, doc='"IP": mark the entry unknown'),
        Handler('clear', read=False, write=True, doc='delete every entry'),
    ),
    schedulable='timer',
    state='shared',
    concurrency='lock',
    concurrency_note='the handlers and the expiry timer run under one per-instance lock',
    c_helpers=('read_count_unlocked', 'read_drops_unlocked', 'read_length_unlocked',
               'read_table_unlocked', 'write_clear_unlocked', 'write_delete_unlocked',
               'write_insert_unlocked'),
    # the table moves whole: entries, ages, waiting packets, drops (docs/reconfiguration.md)
    hot=HotState(expose=('arpt',), take=True),
)
