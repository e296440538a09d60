"""RatedUnqueue: A task that pulls packets from its input and pushes them out at RATE packets per
second.

Facts from Click's elements/standard/ratedunqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def burst_args(graph: RouterGraph, element: Element, args: dict[str, Any],
               ctx: ConfigureContext) -> None:
    """Validate hook of RatedUnqueue, BandwidthRatedUnqueue, RatedSplitter and
    BandwidthRatedSplitter: BURST_DURATION and BURST_SIZE (BURST_BYTES) exclude each other
    (Click's RatedUnqueue::configure_helper, with its message)."""
    given = element.attrs.get("args_given") or set(args)
    if "BURST_DURATION" in given and ({"BURST_SIZE", "BURST_BYTES"} & set(given)):
        ctx.error("cannot specify both BURST_DURATION and BURST_SIZE")


SPEC = ElementSpec(
    name='RatedUnqueue',
    port_count='1/1',
    processing='l/h',
    flow_code='x/x',
    args=(
        Arg('RATE', 'unsigned', positional=True, required=True),
        Arg('BURST_DURATION', 'milliseconds'),
        Arg('BURST_SIZE', 'unsigned'),
    ),
    handlers=(
        Handler('calls'),
        Handler('rate', write=True),
        Handler('config'),
        Handler('active', write=True),
    ),
    schedulable='unqueue',
    validate=burst_args,
    state='shared',
    doc=(
        'A task that pulls packets from its input and pushes them out at RATE packets per'
        ' second.'
    ),
)
