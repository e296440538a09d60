"""AddressInfo: Defines names for IP, Ethernet and other addresses usable in other elements'
configurations.

Facts from Click's elements/standard/addressinfo.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='AddressInfo',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:address_info',
    state='readonly',
    configure_phase=0,
    doc=(
        "Defines names for IP, Ethernet and other addresses usable in other elements' "
        'configurations.'
    ),
)
