"""CheckIPHeader2: Like CheckIPHeader, without the checksum test.

Facts from Click's elements/ip/checkipheader2.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.checkdrop import checker_spec
from clickc.elements.ip.checkipheader import IP_DROP_HANDLERS, ip_checker_args

SPEC = dataclasses.replace(
    checker_spec(
        name='CheckIPHeader2',
        args=ip_checker_args(checksum=False),
        handlers=IP_DROP_HANDLERS,
    ),
    order_free=True,
    header_delta=0,
    ip_header='marks',
)
