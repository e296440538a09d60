"""CheckCRC32: Checks the 32-bit CRC that SetCRC32 appended to each packet and removes it; drops
packets whose CRC is wrong.

Facts from Click's elements/standard/checkcrc32.hh and .cc.
"""

from clickc.elements.standard.dropcounter import drop_counter_spec

SPEC = drop_counter_spec('CheckCRC32', '1/1', 'a/a',
    drops_doc='packets dropped for a bad CRC or a length under 4',
)
