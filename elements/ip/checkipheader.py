"""CheckIPHeader: Checks that packets carry a well-formed IPv4 header (version, lengths, checksum,
source address) and sets the network-header annotation; bad packets go to output 1 or are
dropped.

Facts from Click's elements/ip/checkipheader.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.checkdrop import REPORT_ARGS, checker_spec
from clickc.elements.spec import Arg, Handler


def ip_checker_args(checksum: bool) -> tuple[Arg, ...]:
    """CheckIPHeader's arguments, shared with CheckIPHeader2, whose CHECKSUM defaults to false
    (Click's CheckIPHeader2 is a CheckIPHeader that skips the checksum by default)."""
    return (
        Arg('OFFSET', 'unsigned', positional=True, default=0),
        Arg('INTERFACES', 'interfaces'),
        Arg('BADSRC', 'ip list'),
        Arg('GOODDST', 'ip list'),
        *REPORT_ARGS,
        Arg('CHECKSUM', 'bool', default=checksum),
    )


#: CheckIPHeader's and CheckIPHeader2's counter handlers, in Click's order.
IP_DROP_HANDLERS = (
    Handler('drop_details'),
    Handler('drops'),
)

SPEC = dataclasses.replace(
    checker_spec(
        name='CheckIPHeader',
        args=ip_checker_args(checksum=True),
        handlers=IP_DROP_HANDLERS,
        per_packet=True,
    ),
    order_free=True,
    header_delta=0,
    ip_header='marks',
)
