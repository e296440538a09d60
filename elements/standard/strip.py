"""Strip: Removes LENGTH bytes from the front of each packet.

Facts from Click's elements/standard/strip.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, Configured, ElementSpec, int_arg


def header_delta(e: Configured) -> int | None:
    """The headers move LENGTH bytes towards the front (None: LENGTH not an integer)."""
    n = int_arg(e, 'LENGTH', 0)
    return None if n is None else -n


SPEC = ElementSpec(
    name='Strip',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('LENGTH', 'unsigned', positional=True, required=True),
    ),
    per_packet=True,
    order_free=True,
    header_delta=header_delta,
    doc='Removes LENGTH bytes from the front of each packet.',
)
