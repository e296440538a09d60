"""AdjustTimestamp: Adds TIME (which may be negative) to the timestamp annotation, or the first
timestamp annotation, of each packet.

Facts from Click's elements/analysis/adjusttimestamp.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('AdjustTimestamp', '1/1', 'a/a',
    args=(
        Arg('TIME', 'time_signed', positional=True, default=0,
            doc='time added (negative: subtracted)'),
        Arg('FIRST', 'bool', default=False,
            doc='adjust the FIRST_TIMESTAMP annotation instead of the timestamp'),
        Arg('ALL', 'bool', default=False, doc='adjust unset (zero) timestamps too'),
    ),
    handlers=(Handler('time', write=True, doc='TIME as an interval ("expected time in '
                      'seconds")'),),
    per_packet=True,
    order_free=True,
    reads_timestamp=True,
    header_delta=0,
)
