"""The spec shared by the IPv4 route-table classes (StaticIPLookup, LinearIPLookup,
RadixIPLookup, DirectIPLookup), derived in Click from IPRouteTable (elements/ip/iproutetable.hh):
one input, any number of outputs, the route list parsed by ``clickc.routes.route_table``, the
table built at compile time (their C shares ip/iproutetable_body.h).
"""

from clickc.elements.spec import Configured, ElementSpec, Handler, HotState
from clickc.routes import route_table

#: IPRouteTable's handlers, in Click's order (IPRouteTable::add_handlers); StaticIPLookup lists
#: ``table`` first, RadixIPLookup and DirectIPLookup add ``flush`` before them.
ROUTE_TABLE_HANDLERS = (
    Handler('add', read=False, write=True),
    Handler('set', read=False, write=True),
    Handler('remove', read=False, write=True),
    Handler('ctrl', read=False, write=True),
    Handler('table'),
    Handler('lookup', read_param=True),
)

#: RadixIPLookup's and DirectIPLookup's handlers: ``flush``, then IPRouteTable's.
FLUSH_HANDLERS = (Handler('flush', read=False, write=True), *ROUTE_TABLE_HANDLERS)


def route_count(e: Configured) -> int | None:
    """The number of routes of a parsed route-table instance (``table_entries``), or None
    before its configuration is parsed."""
    table = (e.args or {}).get("ROUTES")
    return None if table is None else len(table.routes)


def route_table_spec(name: str, doc: str = "",
                     handlers: tuple[Handler, ...] = ROUTE_TABLE_HANDLERS) -> ElementSpec:
    """The spec of the IPRouteTable class ``name`` with ``handlers``."""
    return ElementSpec(name, '1/-', 'h/h',
        config='custom',
        custom_parser=route_table,
        handlers=handlers,
        state='readonly',
        table_entries=route_count,
        doc=doc,
        # an unchanged configuration's table moves with its handlers' edits
        # (docs/reconfiguration.md)
        hot=HotState(expose=('rt',), take=True),
    )
