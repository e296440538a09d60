"""EtherMirror: Swaps the Ethernet source and destination addresses.

Facts from Click's elements/ethernet/ethermirror.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('EtherMirror', '1/1', 'a/a',
    config='none',
)
