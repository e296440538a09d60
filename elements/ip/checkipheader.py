"""CheckIPHeader: Checks that packets carry a well-formed IPv4 header (version, lengths, checksum,
source address) and sets the network-header annotation; bad packets go to output 1 or are
dropped.

Facts from Click's elements/ip/checkipheader.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.checkdrop import REPORT_ARGS, checker_spec
from clickc.elements.spec import Arg, ElementSpec, Handler


def ip_checker_spec(name: str, *, checksum: bool, per_packet: bool) -> ElementSpec:
    """The spec of CheckIPHeader (``checksum=True``) or CheckIPHeader2 (``checksum=False``:
    Click's CheckIPHeader2 is a CheckIPHeader that skips the checksum by default): the same
    arguments but CHECKSUM's default, the counter handlers in Click's order (``drop_details``
    first), and the IP header marked at OFFSET."""
    args = (
        Arg('OFFSET', 'unsigned', positional=True, default=0),
        Arg('INTERFACES', 'interfaces'),
        Arg('BADSRC', 'ip list'),
        Arg('GOODDST', 'ip list'),
        *REPORT_ARGS,
        Arg('CHECKSUM', 'bool', default=checksum),
    )
    handlers = (
        Handler('drop_details'),
        Handler('drops'),
    )
    return dataclasses.replace(
        checker_spec(name=name, args=args, handlers=handlers, per_packet=per_packet),
        order_free=True,
        ip_header='marks',
    )


SPEC = ip_checker_spec('CheckIPHeader', checksum=True, per_packet=True)
