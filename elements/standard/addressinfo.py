"""AddressInfo: Defines names for IP, Ethernet and other addresses usable in other elements'
configurations.

Facts from Click's elements/standard/addressinfo.hh and .cc.
"""

from typing import Any

from clickc.args import AddressInfoDB, cp_argvec
from clickc.args.addresses import define_addressinfo_arg
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def address_info(graph: RouterGraph, element: Element,
                 ctx: ConfigureContext) -> dict[str, Any] | None:
    """AddressInfo: ``NAME ADDR...`` per argument (Click's AddressInfo::configure, implemented
    by ``clickc.args.addresses.define_addressinfo_arg``).  Returns ``{"NAMES": {name:
    NameEntry}}`` for the names this element defines.  Its errors are not reported here:
    ``clickc.passes.check.configure_all`` reports every AddressInfo element's errors first, as
    Click configures AddressInfo before the other elements."""

    db = AddressInfoDB()
    errors: list[str] = []
    for arg in cp_argvec(element.config):
        errors += define_addressinfo_arg(arg, element.name, db)
    if errors:
        return None
    return {"NAMES": db.names()}


SPEC = ElementSpec('AddressInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=address_info,
    state='readonly',
    configure_phase=0,
)
