"""Strip: Removes LENGTH bytes from the front of each packet.

Facts from Click's elements/standard/strip.hh and .cc.
"""

import dataclasses

from clickc.elements.spec import Arg, Configured, ElementSpec, int_arg


def header_delta(e: Configured) -> int | None:
    """The headers move LENGTH bytes towards the front (None: LENGTH not an integer)."""
    n = int_arg(e, 'LENGTH', 0)
    return None if n is None else -n


def length_spec(name: str, doc: str = "") -> ElementSpec:
    """The spec of Strip or Unstrip: one input and output, agnostic, a required LENGTH in
    bytes moved off or back onto the front of each packet (Click's Strip::configure and
    Unstrip::configure read the same argument)."""
    return ElementSpec(name, '1/1', 'a/a',
        args=(Arg('LENGTH', 'unsigned', positional=True, required=True),),
        per_packet=True,
        doc=doc,
    )


SPEC = dataclasses.replace(
    length_spec(name='Strip'),
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 8.6 pooled (9.5-10.5) cycles/packet
    cost=10.0,
    order_free=True,
    header_delta=header_delta,
)
