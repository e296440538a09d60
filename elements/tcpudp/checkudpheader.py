"""CheckUDPHeader: Checks the UDP header of IP packets (length, checksum); bad packets go to output
1 or are dropped.

Facts from Click's elements/tcpudp/checkudpheader.hh and .cc.
"""

from clickc.elements.ip.checkdrop import checker_spec

SPEC = checker_spec(name='CheckUDPHeader', checks_transport=True)
