"""RandomBitErrors: Changes each bit of each packet with probability P: flips it (KIND flip, the
default), sets it (set) or clears it (clear), while ACTIVE.

Facts from Click's elements/standard/randomerror.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph

#: KIND words and their codes in the C file (Click's order: 0 clear, 1 set, 2 flip).
KINDS = {"clear": 0, "set": 1, "flip": 2, "": 2}


def check_args(graph: RouterGraph, element: Element, args: dict[str, Any],
               ctx: ConfigureContext) -> None:
    """RandomBitErrors::configure's checks and messages: KIND one of flip, set, clear; P (a
    FixedPointArg(28) value, units of 2^-28) at most 1; a warning for P 0."""
    del graph, element
    kind = str(args.get("KIND") or "")
    if kind not in KINDS:
        ctx.error(f"bad action '{kind}' (must be 'set', 'clear', or 'flip')")
    p = args.get("P")
    if p is not None and int(p) > 1 << 28:
        ctx.error("drop probability must be between 0 and 1")
    elif p is not None and int(p) == 0:
        ctx.warning("zero bit error probability (underflow?)")


SPEC = ElementSpec('RandomBitErrors', '1/1', 'a/a',
    args=(
        Arg('P', 'fixed28', positional=True, required=True,
            doc='probability that a bit is changed, 0 to 1'),
        Arg('KIND', 'word', positional=True, default='flip',
            doc="'flip', 'set' (to 1) or 'clear' (to 0)"),
        Arg('ACTIVE', 'bool', positional=True, default=True, doc='change bits at all'),
    ),
    handlers=(
        Handler('p_bit_error', write=True, doc='P'),
        Handler('error_kind', write=True, doc='KIND'),
        Handler('active', write=True, doc='ACTIVE'),
    ),
    validate=check_args,
    state='shared',
    header_delta=0,
)
