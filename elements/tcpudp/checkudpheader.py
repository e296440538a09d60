"""CheckUDPHeader: Checks the UDP header of IP packets (length, checksum); bad packets go to output
1 or are dropped.

Facts from Click's elements/tcpudp/checkudpheader.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.checkdrop import checker_spec

SPEC = dataclasses.replace(
    checker_spec(name='CheckUDPHeader'),
    header_delta=0,
    checks_transport=True,
)
