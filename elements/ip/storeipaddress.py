"""StoreIPAddress: Writes an IP address (the annotation or ADDR) into the packet at OFFSET, or into
the source/destination field.

Facts from Click's elements/ip/storeipaddress.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='StoreIPAddress',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    config='custom',
    doc=(
        'Writes an IP address (the annotation or ADDR) into the packet at OFFSET, or into'
        ' the source/destination field.'
    ),
)
