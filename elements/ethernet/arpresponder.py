"""ARPResponder: Answers ARP queries for the configured IP addresses or prefixes with the matching
Ethernet addresses.

Facts from Click's elements/ethernet/arpresponder.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='ARPResponder',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:arp_responder_entries',
    handlers=(
        Handler('table'),
        Handler('lookup', doc='the Ethernet address for an IP address (empty if none)',
                read_param=True),
        Handler('add', read=False, write=True),
        Handler('remove', read=False, write=True),
    ),
    state='readonly',
    doc=(
        'Answers ARP queries for the configured IP addresses or prefixes with the '
        'matching Ethernet addresses.'
    ),
)
