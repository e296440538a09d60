"""CheckIPHeader2: Like CheckIPHeader, without the checksum test.

Facts from Click's elements/ip/checkipheader2.hh and .cc.
"""

from clickc.elements.ip.checkipheader import ip_checker_spec

SPEC = ip_checker_spec('CheckIPHeader2', checksum=False, per_packet=False)
