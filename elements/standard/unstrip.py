"""Unstrip: Puts LENGTH bytes back on the front of each packet (undoes Strip).

Facts from Click's elements/standard/unstrip.hh and .cc.
"""

import dataclasses

from clickc.elements.spec import Configured, int_arg
from clickc.elements.standard.strip import length_spec


def header_delta(e: Configured) -> int | None:
    """The headers move LENGTH bytes back (None: LENGTH not an integer)."""
    return int_arg(e, 'LENGTH', 0)


SPEC = dataclasses.replace(
    length_spec(name='Unstrip'),
    order_free=True,
    header_delta=header_delta,
)
