"""Strip: Removes LENGTH bytes from the front of each packet.

Facts from Click's elements/standard/strip.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec


def length_spec(name: str, doc: str) -> ElementSpec:
    """The spec of Strip or Unstrip: one input and output, agnostic, a required LENGTH in
    bytes moved off or back onto the front of each packet (Click's Strip::configure and
    Unstrip::configure read the same argument)."""
    return ElementSpec(
        name=name,
        port_count='1/1',
        processing='a/a',
        flow_code='x/x',
        args=(
            Arg('LENGTH', 'unsigned', positional=True, required=True),
        ),
        per_packet=True,
        doc=doc,
    )


SPEC = length_spec(
    name='Strip',
    doc='Removes LENGTH bytes from the front of each packet.',
)
