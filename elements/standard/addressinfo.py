"""AddressInfo: Defines names for IP, Ethernet and other addresses usable in other elements'
configurations.

Facts from Click's elements/standard/addressinfo.hh and .cc.
"""

from collections.abc import Callable
from typing import Any

from clickc.args import AddressInfoDB, cp_argvec
from clickc.args.addresses import define_addressinfo_arg
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import CustomParser, ElementSpec
from clickc.ir import Element, RouterGraph


def name_definer(define: Callable[[str, str, AddressInfoDB], list[str]]) -> CustomParser:
    """The ``custom_parser`` of an information element whose arguments define names (AddressInfo,
    PortInfo, AnnotationInfo): ``define(arg, element name, db)`` applies one argument and
    returns its error messages.  The parser returns ``{"NAMES": {name: NameEntry}}`` for the
    names the element defines, or None after errors.  Its errors are not reported here:
    ``clickc.passes.check.configure_all`` reports these elements' errors first
    (``clickc.args.collect_addressinfo``), as Click configures them before the other
    elements."""

    def parse(graph: RouterGraph, element: Element,
              ctx: ConfigureContext) -> dict[str, Any] | None:
        db = AddressInfoDB()
        errors: list[str] = []
        for arg in cp_argvec(element.config):
            errors += define(arg, element.name, db)
        if errors:
            return None
        return {"NAMES": db.names()}
    return parse


#: AddressInfo: ``NAME ADDR...`` per argument (Click's AddressInfo::configure, implemented by
#: ``clickc.args.addresses.define_addressinfo_arg``).
address_info = name_definer(define_addressinfo_arg)

SPEC = ElementSpec('AddressInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=address_info,
    state='readonly',
    configure_phase=0,
)
