"""CheckTCPHeader: Checks the TCP header of IP packets (length, checksum); bad packets go to output
1 or are dropped.

Facts from Click's elements/tcpudp/checktcpheader.hh and .cc.
"""

from clickc.elements.ip.checkdrop import checker_spec

SPEC = checker_spec(name='CheckTCPHeader', checks_transport=True)
