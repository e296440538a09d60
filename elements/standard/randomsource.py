"""RandomSource: A task that pushes packets of LENGTH random bytes, up to LIMIT packets, BURST per
run (in pull context each pull returns one).

Facts from Click's elements/standard/randomsource.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler, limit_given
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Click's RandomSource::configure checks: "bad length N" outside 0 to 65535, "burst size
    must be >= 1", "END_CALL and STOP are mutually exclusive"."""
    n = args.get('LENGTH')
    if isinstance(n, int) and not 0 <= n < 64 * 1024:
        ctx.error(f"bad length {n}")
    b = args.get('BURST')
    if isinstance(b, int) and b < 1:
        ctx.error("burst size must be >= 1")
    if args.get('END_CALL') is not None and args.get('STOP'):
        ctx.error("END_CALL and STOP are mutually exclusive")


SPEC = ElementSpec('RandomSource', '0/1', 'a/a',
    args=(
        Arg('LENGTH', 'int', positional=True, required=True, doc='bytes per packet, 0 to 65535'),
        Arg('LIMIT', 'int', positional=True, default=-1,
            doc='packets in all (negative: no limit)'),
        Arg('BURST', 'int', positional=True, default=1, doc='packets per task run'),
        Arg('ACTIVE', 'bool', positional=True, default=True, doc='send packets'),
        Arg('TIMESTAMP', 'bool', default=True, doc='stamp each packet with the current time'),
        Arg('STOP', 'bool', default=False, doc='stop the router once LIMIT packets are sent'),
        Arg('END_CALL', 'handler', doc='write handler called once LIMIT packets are sent'),
    ),
    handlers=(
        Handler('limit', write=True, doc='LIMIT'),
        Handler('burst', write=True, doc='BURST'),
        Handler('active', write=True, doc='ACTIVE'),
        Handler('count', doc='packets sent'),
        Handler('reset', read=False, write=True, doc='sets count to 0 (the source goes on)'),
        Handler('length', write=True, doc='LENGTH'),
    ),
    validate=check,
    schedulable='source',
    nonfull_signal=True,
    finite=limit_given,
    state='counters',
    click_flags='S1',
)
