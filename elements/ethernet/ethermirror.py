"""EtherMirror: Swaps the Ethernet source and destination addresses.

Facts from Click's elements/ethernet/ethermirror.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='EtherMirror',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    config='none',
    doc='Swaps the Ethernet source and destination addresses.',
)
