"""CheckARPHeader: Checks that each packet holds a well-formed ARP header at OFFSET and marks it
as the network header; bad packets go to output 1.

Facts from Click's elements/ethernet/checkarpheader.hh and .cc.
"""

from clickc.elements.spec import Arg, Handler
from clickc.elements.standard.dropcounter import drop_counter_spec

SPEC = drop_counter_spec('CheckARPHeader', '1/1-2', 'a/ah',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, default=0,
            doc='bytes from the start of the data to the ARP header'),
        Arg('VERBOSE', 'bool', default=False, doc='print a message for every bad packet, not '
            'only the first'),
        Arg('DETAILS', 'bool', default=False, doc='count bad packets by reason '
            '(drop_details)'),
    ),
    handlers=(Handler('drop_details', doc='failed packets by reason, one "COUNT<tab>REASON" '
                      'line per reason (zeros without DETAILS; Click has the handler only with '
                      'DETAILS)'),),
    drops_doc='packets that failed the check',
    note='drops and the per-reason counts are relaxed atomics',
)
