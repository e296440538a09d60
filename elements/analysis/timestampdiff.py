"""TimestampDiff: Measures each numbered packet's delay since its RecordTimestamp and keeps
latency statistics (FastClick's measurement element).

Facts from FastClick's elements/analysis/timestampdiff.hh and .cc (the class is FastClick's,
with its names, arguments and handlers; docs/more-elements.md, "FastClick's measurement
elements").
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check_config(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """RECORDER must name a RecordTimestamp (FastClick's message); SAMPLE 0 is refused
    (FastClick divides by it)."""
    rec = args.get('RECORDER')
    if rec is None or str(rec) not in graph \
            or graph.element(str(rec)).class_name != 'RecordTimestamp':
        ctx.error("RECORDER must be a valid RecordTimestamp element")
    if args.get('SAMPLE') == 0:
        ctx.error("SAMPLE must be positive")


_PERC = {'00': 'the smallest delay (as min)', '01': '1st', '05': '5th', '10': '10th',
         '25': '25th', '75': '75th', '90': '90th', '95': '95th', '99': '99th',
         '100': 'the largest delay (as max)'}
_BEGIN = ' [BEGIN]: from the BEGIN-th delay kept (empty value when BEGIN is past the last)'


def _perc_handler(k: str) -> Handler:
    what = _PERC[k]
    doc = what if k in ('00', '100') else f'the {what} percentile of the delays'
    return Handler(f'perc{k}', read_param=True, doc=doc + _BEGIN)


SPEC = ElementSpec('TimestampDiff', '1/1-2', 'h/h',
    args=(Arg('RECORDER', 'element', positional=True, required=True,
              doc='the RecordTimestamp that recorded the packets'),
          Arg('OFFSET', 'int', default=40,
              doc='byte offset of the packet number (NumberPacket)'),
          Arg('N', 'unsigned', default=0,
              doc='delays reserved (0: grow as needed)'),
          Arg('MAXDELAY', 'int', default=1000,
              doc='milliseconds: a longer delay is not kept (reported with VERBOSE)'),
          Arg('NANO', 'bool', default=False,
              doc='delays in nanoseconds (else microseconds)'),
          Arg('SAMPLE', 'unsigned', default=1,
              doc='measure only the numbers divisible by SAMPLE'),
          Arg('VERBOSE', 'bool', default=False,
              doc='report each delay above MAXDELAY'),
          Arg('TC_OFFSET', 'int', default=-1,
              doc='byte offset of a traffic-class byte kept with each delay (negative: none)'),
          Arg('TC_MASK', 'byte', default=0xff,
              doc='mask applied to the traffic-class byte')),
    handlers=(
        Handler('average', read_param=True, doc='the mean delay' + _BEGIN),
        Handler('avg', read_param=True, doc='the mean delay' + _BEGIN),
        Handler('avg_tc', read_param=True,
                doc='TC [BEGIN]: the mean delay of the packets of traffic class TC'),
        Handler('min', read_param=True, doc='the smallest delay' + _BEGIN),
        Handler('max', read_param=True, doc='the largest delay' + _BEGIN),
        Handler('stddev', read_param=True,
                doc="FastClick's value: the root mean square of all delays kept (it uses a "
                    "mean of 0 and ignores BEGIN)"),
        _perc_handler('00'), _perc_handler('01'), _perc_handler('05'), _perc_handler('10'),
        _perc_handler('25'),
        Handler('median', read_param=True, doc='the 50th percentile of the delays' + _BEGIN),
        _perc_handler('75'), _perc_handler('90'), _perc_handler('95'), _perc_handler('99'),
        _perc_handler('100'),
        Handler('perc', read_param=True,
                doc='P [BEGIN]: the P-th percentile of the delays (P a real number)'),
        Handler('index', doc='the index of the last delay kept (-1: none)'),
        Handler('last', doc='the last delay kept (0: none)'),
        Handler('dump', doc='every delay kept, one a line, as "INDEX: DELAY"'),
        Handler('dump_list', doc='every delay kept, one a line'),
    ),
    validate=check_config,
    state='shared',
    header_delta=0,
)
