"""AdaptiveRED: RED whose MAX_P adapts every half second to keep the average queue near TARGET;
MIN_THRESH is TARGET/2 and MAX_THRESH 3*TARGET/2 (Adaptive RED, gentle).

Facts from Click's elements/aqm/adaptivered.hh and .cc (and red.hh, red.cc).
"""

import dataclasses
from typing import Any

from clickc.elements.aqm.red import SPEC as RED
from clickc.elements.aqm.red_queues import red_queues
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph

_DOCS = {'min_thresh': 'TARGET/2', 'max_thresh': '3*TARGET/2',
         'max_p': 'the current, adapted maximum drop probability'}


def thresholds(target: int) -> tuple[int, int]:
    """AdaptiveRED::configure: (MIN_THRESH, MAX_THRESH) for TARGET, raised to 10 if below."""
    t = max(target, 10)
    return t // 2, t + t // 2


def adaptive_red_queues(graph: RouterGraph, element: Element, args: dict[str, Any],
                        ctx: ConfigureContext) -> None:
    """RED's checks and queue discovery (``red_queues``) on the thresholds TARGET gives."""
    mn, mx = thresholds(int(args.get("TARGET") or 0))
    red_queues(graph, element, {**args, "MIN_THRESH": mn, "MAX_THRESH": mx}, ctx)


SPEC = ElementSpec('AdaptiveRED', '1/1-2', 'a/ah',
    args=(
        Arg('TARGET', 'unsigned', positional=True, required=True,
            doc='target average queue length (at least 10)'),
        Arg('MAX_P', 'fixed16', positional=True, required=True,
            doc='initial maximum drop probability, 0 to 1'),
        Arg('QUEUES', 'anything', doc='the queues whose lengths are summed (default: the '
                                      'nearest downstream, or upstream when pulled)'),
        Arg('STABILITY', 'unsigned', default=4, doc='average weight 2^-STABILITY (0: none)'),
    ),
    # RED's handlers, read-only (RED_NO_WRITES)
    handlers=tuple(dataclasses.replace(h, write=False, doc=_DOCS.get(h.name, h.doc))
                   for h in RED.handlers),
    state='shared',
    validate=adaptive_red_queues,
    queue_length_drops=True,
    # RED's write handlers in aqm/red_body.h, compiled out here (RED_NO_WRITES)
    c_helpers=('write_min_thresh', 'write_max_thresh', 'write_max_p'),
    header_delta=0,
)
