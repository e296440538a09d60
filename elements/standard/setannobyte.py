"""SetAnnoByte: Sets the one-byte annotation ANNO of every packet to VALUE (obsolete: Paint(VALUE,
ANNO) does the same).

Facts from Click's elements/standard/setannobyte.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def obsolete(graph: RouterGraph, element: Element, args: dict[str, Any],
             ctx: ConfigureContext) -> None:
    """Click's warning at every SetAnnoByte (SetAnnoByte::configure)."""
    ctx.warning("SetAnnoByte(ANNO, VALUE) is obsolete, use Paint(VALUE, ANNO) instead")


SPEC = ElementSpec('SetAnnoByte', '1/1', 'a/a',
    args=(
        Arg('ANNO', 'anno1', positional=True, required=True,
            doc='a one-byte annotation: its name (PAINT, ...) or byte offset'),
        Arg('VALUE', 'byte', positional=True, required=True, doc='the value stored'),
    ),
    handlers=(
        Handler('anno', doc='the annotation byte offset'),
        Handler('value', write=True, doc='VALUE: read and change it'),
    ),
    validate=obsolete,
    order_free=True,
    header_delta=0,
)
