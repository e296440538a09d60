"""StripIPHeader: Removes the IP header (to the transport header annotation).

Facts from Click's elements/ip/stripipheader.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='StripIPHeader',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    config='none',
    ip_header='strip',
    doc='Removes the IP header (to the transport header annotation).',
)
