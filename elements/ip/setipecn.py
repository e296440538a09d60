"""SetIPECN: Sets the ECN bits of the IP header's TOS byte (keeping the DSCP) and updates the
checksum.

Facts from Click's elements/ip/setipecn.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph

#: Click's ECN words (SetIPECN::configure) and their codepoints.
ECN_WORDS = {'0': 0, '1': 1, '2': 2, '3': 3, 'no': 0, '-': 0, 'ect1': 1, 'ECT(1)': 1,
             'ect2': 2, 'ECT(0)': 2, 'ce': 3, 'CE': 3}


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """ECN is one of Click's words, else "bad ECN argument"."""
    if isinstance(args.get('ECN'), str) and args['ECN'] not in ECN_WORDS:
        ctx.error("bad ECN argument")


SPEC = ElementSpec('SetIPECN', '1/1', 'a/a',
    args=(Arg('ECN', 'anything', positional=True, required=True,
              doc='0 to 3, no or - (not ECN-capable), ect1 or ECT(1), ect2 or ECT(0), '
                  'ce or CE'),),
    handlers=(Handler('ecn', write=True, doc='ECN as configured; writing sets it ("bad ECN '
                      'argument")'),),
    validate=check,
    per_packet=True,
    order_free=True,
    header_delta=0,
)
