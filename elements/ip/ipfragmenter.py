"""IPFragmenter: Fragments IP packets larger than MTU; packets with DF set go to output 1 when
HONOR_DF.

Facts from Click's elements/ip/ipfragmenter.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, Configured, ElementSpec, Handler, arg_value
from clickc.ir import Element, RouterGraph


def order_free(e: Configured) -> bool:
    """A DF packet it may fragment (HONOR_DF false) gets a random IP ID from per-element
    generator state; honouring DF (the default) it draws none."""
    honor = arg_value(e, 'HONOR_DF', True)
    return honor is None or bool(honor)


def fragmenter_mtu(graph: RouterGraph, element: Element, args: dict[str, Any],
                   ctx: ConfigureContext) -> None:
    """IPFragmenter: MTU of at least 8 (Click's IPFragmenter::configure)."""
    if int(args.get("MTU") or 0) < 8:
        ctx.error("MTU must be at least 8")


SPEC = ElementSpec('IPFragmenter', '1/1-2', 'h/h',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 12.4 pooled (13-14), packets under the MTU cycles/packet
    cost=13.0,
    state='counters',
    concurrency='atomic',
    concurrency_note=(
        "drop and fragment counters are relaxed atomics; the IP ID generator's state is loaded "
        'and stored atomically'
    ),
    args=(
        Arg('MTU', 'unsigned', positional=True, required=True),
        Arg('HONOR_DF', 'bool', positional=True, default=True),
        Arg('VERBOSE', 'bool', positional=True, default=False),
        Arg('HEADROOM', 'unsigned', default=28),
    ),
    handlers=(
        Handler('drops'),
        Handler('fragments'),
    ),
    validate=fragmenter_mtu,
           header_delta=0,
           order_free=order_free,
)
