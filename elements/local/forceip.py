"""ForceIP: Makes each packet look like an IPv4 header: version 4, total length, header
length within the packet, checksum; fragment offsets cleared on 7 packets of 8.

Facts from Click's elements/local/forceip.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('ForceIP', '1/1', 'a/a',
    config='none',
    state='counters',
    header_delta=0,
)
