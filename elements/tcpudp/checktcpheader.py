"""CheckTCPHeader: Checks the TCP header of IP packets (length, checksum); bad packets go to output
1 or are dropped.

Facts from Click's elements/tcpudp/checktcpheader.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.checkdrop import checker_spec

SPEC = dataclasses.replace(
    checker_spec(name='CheckTCPHeader'),
    header_delta=0,
    checks_transport=True,
)
