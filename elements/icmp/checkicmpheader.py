"""CheckICMPHeader: Checks the ICMP header of IP packets (length, checksum); bad packets go to
output 1 or are dropped.

Facts from Click's elements/icmp/checkicmpheader.hh and .cc.
"""

from clickc.elements.ip.checkdrop import checker_spec

SPEC = checker_spec(name='CheckICMPHeader')
