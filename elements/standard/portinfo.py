"""PortInfo: Defines names for TCP and UDP ports usable in other elements' configurations.

Facts from Click's elements/standard/portinfo.hh and .cc.
"""

from typing import Any

from clickc.args import AddressInfoDB, cp_argvec
from clickc.args.addresses import define_portinfo_arg
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def port_info(graph: RouterGraph, element: Element,
              ctx: ConfigureContext) -> dict[str, Any] | None:
    """PortInfo: ``NAME PORT[/PROTO] [NAME...]`` per argument (Click's PortInfo::configure,
    implemented by ``clickc.args.addresses.define_portinfo_arg``).  Returns ``{"NAMES": {name:
    NameEntry}}`` for the names this element defines.  Its errors are not reported here:
    ``clickc.passes.check.configure_all`` reports them first, with AddressInfo's, as Click
    configures the information elements before the other elements."""

    db = AddressInfoDB()
    errors: list[str] = []
    for arg in cp_argvec(element.config):
        errors += define_portinfo_arg(arg, element.name, db)
    if errors:
        return None
    return {"NAMES": db.names()}


SPEC = ElementSpec('PortInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=port_info,
    state='readonly',
    configure_phase=0,
)
