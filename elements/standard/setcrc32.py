"""SetCRC32: Appends a 32-bit CRC of each packet's data to the packet.

Facts from Click's elements/standard/setcrc32.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('SetCRC32', '1/1', 'a/a',
    config='none',
    per_packet=True,
    order_free=True,
    header_delta=0,
)
