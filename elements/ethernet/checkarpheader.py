"""CheckARPHeader: Checks that each packet holds a well-formed ARP header at OFFSET and marks it
as the network header; bad packets go to output 1.

Facts from Click's elements/ethernet/checkarpheader.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('CheckARPHeader', '1/1-2', 'a/ah',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, default=0,
            doc='bytes from the start of the data to the ARP header'),
        Arg('VERBOSE', 'bool', default=False, doc='print a message for every bad packet, not '
            'only the first'),
        Arg('DETAILS', 'bool', default=False, doc='count bad packets by reason '
            '(drop_details)'),
    ),
    handlers=(
        Handler('drops', doc='packets that failed the check'),
        Handler('drop_details', doc='failed packets by reason, one "COUNT<tab>REASON" line '
                'per reason (zeros without DETAILS; Click has the handler only with DETAILS)'),
    ),
    state='counters',
    concurrency='atomic',
    concurrency_note='drops and the per-reason counts are relaxed atomics',
    per_packet=True,
    order_free=True,
    header_delta=0,
)
