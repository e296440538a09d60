"""FastUDPSourceIP6: Creates UDP/IPv6 packets very fast for benchmarks.

Facts from Click's elements/tcpudp/fastudpsrcip6.hh and .cc.
"""

import dataclasses

from clickc.elements.spec import Arg
from clickc.elements.userlevel.fastudpsource import SPEC as FASTUDPSOURCE

SPEC = dataclasses.replace(
    FASTUDPSOURCE,
    name='FastUDPSourceIP6',
    doc='',
    args=tuple(
        Arg(a.name.replace('IP', 'IP6'), 'ip6', positional=True, required=True)
        if a.name in ('SRCIP', 'DSTIP') else a
        for a in FASTUDPSOURCE.args),
)
