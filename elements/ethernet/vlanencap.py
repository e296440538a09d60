"""VLANEncap: Inserts an 802.1Q VLAN header after the Ethernet addresses of each frame (none for
the native VLAN).

Facts from Click's elements/ethernet/vlanencap.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def vlan_args(anno: bool, native: bool) -> tuple[Arg, ...]:
    """The VLAN tag arguments Click's VLANEncap, EtherVLANEncap and SetVLANAnno read: VLAN_TCI
    (a number, or ANNO when ``anno``), VLAN_PCP (positional), VLAN_ID and, with ``native``,
    NATIVE_VLAN (default 0)."""
    tci_doc = ('the whole tag, 0 to 0xFFFF' + (', or ANNO: the VLAN_TCI annotation' if anno
                                               else '') + '; overrides VLAN_ID')
    return (
        Arg('VLAN_TCI', 'word', positional=True, doc=tci_doc),
        Arg('VLAN_PCP', 'unsigned', positional=True, default=0, doc='priority, 0 to 7'),
        Arg('VLAN_ID', 'unsigned', default=0, doc='VLAN identifier, 0 to 0xFFF'),
        *((Arg('NATIVE_VLAN', 'int', default=0,
               doc='frames of this VLAN identifier are sent untagged (-1: none)'),)
          if native else ()),
    )


#: The handlers of the tag arguments (elements/ethernet/ckvlan.h).
VLAN_HANDLERS = (
    Handler('vlan_tci', write=True, doc='the tag (or ANNO); writing sets VLAN_TCI'),
    Handler('vlan_id', write=True, doc='VLAN_ID as given (empty when not given)'),
    Handler('vlan_pcp', write=True, doc='VLAN_PCP as given (empty when not given)'),
)

#: NATIVE_VLAN's handler.
NATIVE_HANDLER = Handler('native_vlan', write=True,
                         doc='NATIVE_VLAN as given (empty when not given)')

_BOUNDS = {'VLAN_PCP': (0, 7), 'VLAN_ID': (0, 0xFFF), 'NATIVE_VLAN': (-1, 0xFFF),
           'VLAN_TCI': (0, 0xFFFF)}


def check_vlan(graph: RouterGraph, element: Element, args: dict[str, Any],
               ctx: ConfigureContext) -> None:
    """Click's BoundedIntArg checks of the tag arguments ("VLAN_PCP: out of range, bound 7");
    VLAN_TCI must be ANNO or a number ("VLAN_TCI: invalid number")."""
    _check_vlan(args, ctx, anno=True)


def check_vlan_no_anno(graph: RouterGraph, element: Element, args: dict[str, Any],
                       ctx: ConfigureContext) -> None:
    """:func:`check_vlan` for a class whose VLAN_TCI is a number only (SetVLANAnno)."""
    _check_vlan(args, ctx, anno=False)


def _check_vlan(args: dict[str, Any], ctx: ConfigureContext, anno: bool) -> None:
    tci = args.get('VLAN_TCI')
    if isinstance(tci, str):
        if not (anno and tci == 'ANNO'):
            try:
                args_tci: int | None = int(tci, 0)
            except ValueError:
                ctx.error("VLAN_TCI: invalid number")
                args_tci = None
            if args_tci is not None and not 0 <= args_tci <= 0xFFFF:
                ctx.error(f"VLAN_TCI: out of range, bound {0 if args_tci < 0 else 0xFFFF}")
    for name, (lo, hi) in _BOUNDS.items():
        v = args.get(name)
        if isinstance(v, int) and not isinstance(v, bool):
            if v < lo:
                ctx.error(f"{name}: out of range, bound {lo}")
            elif v > hi:
                ctx.error(f"{name}: out of range, bound {hi}")


SPEC = ElementSpec('VLANEncap', '1/1', 'a/a',
    args=(
        *vlan_args(anno=True, native=True),
        Arg('ETHERTYPE', 'ethertype', default=0x8100,
            doc='the tag protocol identifier (default 0x8100)'),
    ),
    handlers=(
        Handler('config', doc='the tag arguments as Click prints them'),
        *VLAN_HANDLERS,
        NATIVE_HANDLER,
        Handler('ethertype', write=True, doc='ETHERTYPE'),
    ),
    validate=check_vlan,
    per_packet=True,
    order_free=True,
    header_delta=None,
)
