"""TimeFilter: Passes packets whose timestamps lie in a time range [START, END); earlier or later
ones go to output 1, and END_CALL can move the end.

Facts from Click's elements/analysis/timefilter.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Click's TimeFilter::configure checks.  As in Click, a time of 0 counts as not given."""
    def given(*names: str) -> int:
        return sum(1 for n in names if getattr(args.get(n), 'ns', 0) != 0)
    if given('START', 'START_AFTER', 'START_DELAY') > 1:
        ctx.error("START, START_AFTER, and START_AFTER_INIT are mutually exclusive")
    if given('END', 'END_AFTER', 'END_DELAY', 'INTERVAL') > 1:
        ctx.error("END, END_AFTER, END_AFTER_INIT, and INTERVAL are mutually exclusive")
    if args.get('END_CALL') is not None and args.get('STOP'):
        ctx.error("END_CALL and STOP are mutually exclusive")


SPEC = ElementSpec('TimeFilter', '1/1-2', 'a/ah',
    args=(
        Arg('START', 'time', positional=True, default=0,
            doc='first timestamp passed (absolute); 0: START_AFTER'),
        Arg('END', 'time', positional=True, default=0,
            doc='first timestamp refused (absolute); 0: not given'),
        Arg('START_DELAY', 'time', default=0, doc='START relative to the router\'s start'),
        Arg('END_DELAY', 'time', default=0, doc='END relative to the router\'s start'),
        Arg('START_AFTER', 'time', default=0, doc='START relative to the first packet'),
        Arg('END_AFTER', 'time', default=0, doc='END relative to the first packet'),
        Arg('INTERVAL', 'time', default=0, doc='END relative to START'),
        Arg('STOP', 'bool', default=False, doc='stop the router at the first packet past END'),
        Arg('END_CALL', 'anything',
            doc='"ELEMENT.HANDLER [VALUE]": write handler called at the first packet past END, '
                'with $t in VALUE replaced by that packet\'s timestamp'),
    ),
    handlers=(
        Handler('start', write=True, doc='START as a timestamp'),
        Handler('end', write=True, doc='END as a timestamp; writing sets the interval (END = '
                'START + value), as Click\'s second registration of "end" makes it'),
        Handler('interval', doc='END - START'),
        Handler('extend_interval', read=False, write=True, doc='END += value'),
    ),
    validate=check,
    state='shared',
    reads_timestamp=True,
    header_delta=0,
)
