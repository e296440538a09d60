"""PortInfo: Defines names for TCP and UDP ports usable in other elements' configurations.

Facts from Click's elements/standard/portinfo.hh and .cc.  Each argument is ``NAME
PORT[/PROTO] [NAME...]`` (``clickc.args.addresses.define_portinfo_arg``); the names are resolved
at compile time by ``clickc.args.collect_addressinfo``, as AddressInfo's.
"""

from clickc.args.addresses import define_portinfo_arg
from clickc.elements.spec import ElementSpec
from clickc.elements.standard.addressinfo import name_definer

SPEC = ElementSpec('PortInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=name_definer(define_portinfo_arg),
    state='readonly',
    configure_phase=0,
)
