"""Unstrip: Puts LENGTH bytes back on the front of each packet (undoes Strip).

Facts from Click's elements/standard/unstrip.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, Configured, ElementSpec, int_arg


def header_delta(e: Configured) -> int | None:
    """The headers move LENGTH bytes back (None: LENGTH not an integer)."""
    return int_arg(e, 'LENGTH', 0)


SPEC = ElementSpec(
    name='Unstrip',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('LENGTH', 'unsigned', positional=True, required=True),
    ),
    per_packet=True,
    order_free=True,
    header_delta=header_delta,
    doc='Puts LENGTH bytes back on the front of each packet (undoes Strip).',
)
