"""RandomSample: Passes a random sample of packets with probability P; the others go to output 1 or
are dropped.

Facts from Click's elements/standard/randomsample.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def sampling_probability(graph: RouterGraph, element: Element, args: dict[str, Any],
                         ctx: ConfigureContext) -> None:
    """RandomSample: at most one of SAMPLE and DROP, a probability in [0, 1] (Click's
    RandomSample::configure, mirrored step for step).

    ``P``, ``SAMPLE`` and ``DROP`` are fixed28 values: unsigned 32-bit integers in units of
    2^-28 (``clickc.args`` FixedPointArg(28)).  As in Click, the sampling probability starts
    at 0xFFFFFFFF (no P and no SAMPLE: refused), SAMPLE overrides P, DROP gives 2^28 - DROP
    computed in 32-bit unsigned arithmetic (a DROP above 1 wraps around and is refused), and
    a probability above 2^28 is "sampling probability must be between 0 and 1".
    """
    one = 1 << 28
    sample, drop = args.get("SAMPLE"), args.get("DROP")
    if sample is not None and drop is not None:
        ctx.error("give at most one of SAMPLE and DROP")
        return
    prob = 0xFFFFFFFF
    if args.get("P") is not None:
        prob = int(args["P"])
    if sample is not None:
        prob = int(sample)
    if drop is not None:
        prob = (one - int(drop)) & 0xFFFFFFFF
    if prob > one:
        ctx.error("sampling probability must be between 0 and 1")


SPEC = ElementSpec('RandomSample', '1/1-2', 'a/ah',
    args=(
        Arg('P', 'fixed28', positional=True),
        Arg('SAMPLE', 'fixed28'),
        Arg('DROP', 'fixed28'),
        Arg('ACTIVE', 'bool', default=True),
    ),
    handlers=(
        Handler('sampling_prob', write=True),
        Handler('drop_prob', write=True),
        Handler('config'),
        Handler('active', write=True),
        Handler('drops'),
    ),
    validate=sampling_probability,
    state='counters',
    concurrency='atomic',
    concurrency_note='drop count, probability and ACTIVE in relaxed atomics (CK_STAT)',
)
