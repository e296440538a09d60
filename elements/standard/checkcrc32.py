"""CheckCRC32: Checks the 32-bit CRC that SetCRC32 appended to each packet and removes it; drops
packets whose CRC is wrong.

Facts from Click's elements/standard/checkcrc32.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('CheckCRC32', '1/1', 'a/a',
    config='none',
    handlers=(Handler('drops', doc='packets dropped for a bad CRC or a length under 4'),),
    state='counters',
    concurrency='atomic',
    concurrency_note='the drops counter is a relaxed atomic',
    per_packet=True,
    order_free=True,
    header_delta=0,
)
