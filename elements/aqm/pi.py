"""PI: Proportional-integral active queue management (Hollot, Misra, Towsley and Gong, "On
designing improved controllers for AQM routers supporting TCP flows", INFOCOM 2001) in front
of the downstream queues.

Facts from Click's elements/aqm/pi.hh and .cc.  Click's build leaves the class out (its source
requires 'false' and does not compile); clickc builds it from that source's interface and the
paper's controller, where the source departs from both (docs/more-elements.md, "PI").  The C
file is elements/aqm/pi.c.
"""

from typing import Any

from clickc.elements.aqm.red_queues import aqm_queue_facts
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def pi_check(graph: RouterGraph, element: Element, args: dict[str, Any],
             ctx: ConfigureContext) -> None:
    """Click's PI::check_params messages, then the queues (RED's discovery, with Click's
    PI message "no Queues downstream")."""
    qref = args.get("QREF")
    target = int(qref if qref is not None else args.get("TARGET") or 0)
    stab = int(args.get("STABILITY") or 0)
    if target > 0xFFFF:
        ctx.error("`target_q' too large (max 65535)")
        return
    for name in ("W", "A", "B"):
        if float(args.get(name) or 0) < 0:
            ctx.error(f"{name.lower()} must be positive")
            return
    if not 1 <= stab <= 16:
        ctx.error("STABILITY parameter must be between 1 and 16")
        return
    aqm_queue_facts(graph, element, args, ctx, "no Queues downstream")


SPEC = ElementSpec('PI', '1/1-2', 'a/ah',
    args=(
        Arg('W', 'real', positional=True, required=True,
            doc='sampling period of the controller, seconds'),
        Arg('A', 'real', positional=True, required=True,
            doc='coefficient of the queue size error now'),
        Arg('B', 'real', positional=True, required=True,
            doc='coefficient of the queue size error one period before (a > b for a '
                'stable controller)'),
        Arg('TARGET', 'unsigned', positional=True, required=True,
            doc='reference queue length (packets), at most 65535'),
        Arg('QUEUES', 'anything', positional=True,
            doc='the queues whose lengths are summed (default: the nearest downstream, or '
                'upstream when pulled)'),
        Arg('QREF', 'unsigned', doc='the reference queue length, instead of TARGET'),
        Arg('STABILITY', 'unsigned', default=4,
            doc='weight 2^-STABILITY of the average queue size (1 to 16)'),
    ),
    handlers=(
        Handler('drops', doc='packets dropped'),
        Handler('w', write=True, doc='W; a write changes it from the next period'),
        Handler('a', write=True),
        Handler('b', write=True),
        Handler('avg_queue_size', doc='average of the sampled queue sizes'),
        Handler('stats', doc='current queue, average queue, drops (one per line)'),
        Handler('queues', doc='the queues watched, one per line'),
        Handler('config'),
    ),
    schedulable='timer',
    state='shared',
    validate=pi_check,
    queue_length_drops=True,
    header_delta=0,
)
