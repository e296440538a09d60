"""AggregateLast: Keeps the last packet of each aggregate annotation value, with the aggregate's
packet and byte counts and first timestamp in its annotations, and emits the kept packets when
its clear handler is written; earlier packets go to output 1, or are dropped.

Facts from Click's elements/analysis/aggregatelast.hh and .cc.
"""

from clickc.elements.analysis.aggregatefirst import no_notifier
from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('AggregateLast', '1/1-2', 'h/h',
    args=(
        Arg('NOTIFIER', 'element',
            doc='an AggregateNotifier that reports completed aggregates (refused: clickc has '
                'none that notifies yet)'),
        Arg('STOP_AFTER_CLEAR', 'bool', default=False,
            doc='stop the router once a clear has emitted the kept packets'),
    ),
    handlers=(Handler('clear', read=False, write=True,
                      doc='emit every kept packet on output 0, in aggregate order, and forget '
                          'them'),),
    validate=no_notifier,
    state='per-flow',
    reads_timestamp=True,
    header_delta=0,
)
