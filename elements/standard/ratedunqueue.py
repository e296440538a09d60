"""RatedUnqueue: A task that pulls packets from its input and pushes them out at RATE packets per
second.

Facts from Click's elements/standard/ratedunqueue.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.ir import Element, RouterGraph


def burst_args(graph: RouterGraph, element: Element, args: dict[str, Any],
               ctx: ConfigureContext) -> None:
    """Validate hook of RatedUnqueue, BandwidthRatedUnqueue, RatedSplitter and
    BandwidthRatedSplitter: BURST_DURATION and BURST_SIZE (BURST_BYTES) exclude each other
    (Click's RatedUnqueue::configure_helper, with its message)."""
    given = element.facts.args_given or set(args)
    if "BURST_DURATION" in given and ({"BURST_SIZE", "BURST_BYTES"} & set(given)):
        ctx.error("cannot specify both BURST_DURATION and BURST_SIZE")


def rate_args(bandwidth: bool) -> tuple[Arg, ...]:
    """RATE, BURST_DURATION and the burst size, as RatedUnqueue, BandwidthRatedUnqueue,
    RatedSplitter and BandwidthRatedSplitter read them (Click's
    RatedUnqueue::configure_helper): packets per second and BURST_SIZE, or with
    ``bandwidth`` bytes per second and BURST_BYTES."""
    return (
        Arg('RATE', 'bandwidth' if bandwidth else 'unsigned', positional=True, required=True),
        Arg('BURST_DURATION', 'milliseconds'),
        Arg('BURST_BYTES' if bandwidth else 'BURST_SIZE', 'unsigned'),
    )


def unqueue_spec(name: str, bandwidth: bool, doc: str = "") -> ElementSpec:
    """The spec of RatedUnqueue, or of BandwidthRatedUnqueue (``bandwidth``): a task pulling
    from its input and pushing out at RATE (:func:`rate_args`)."""
    return ElementSpec(name, '1/1', 'l/h',
        args=rate_args(bandwidth),
        handlers=(
            Handler('calls'),
            Handler('rate', write=True),
            Handler('config'),
            Handler('active', write=True),
        ),
        schedulable='unqueue',
        validate=burst_args,
        state='shared',
        paced=True,
        doc=doc,
        # the token bucket continues at the same rate (docs/reconfiguration.md)
        hot=HotState(expose=('tb', 'runs', 'pushes', 'failed_pulls', 'empty_runs'), take=True),
    )


SPEC = unqueue_spec(name='RatedUnqueue', bandwidth=False)
