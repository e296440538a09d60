"""AddressTranslator: Translates the addresses and ports of IPv6 TCP, UDP and ICMPv6 packets
with static and dynamic mappings between inner and mapped addresses.

Facts from Click's elements/ip6/addresstranslator.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.args.addresses import parse_ip6
from clickc.args.numbers import NumError
from clickc.args.numbers import parse_bool as _click_bool
from clickc.elements.hooks import ConfigureContext, names, parse_int
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def parse_bool(text: str) -> bool | None:
    """Click's BoolArg, None when ``text`` is not a boolean."""
    try:
        return _click_bool(text)
    except NumError:
        return None


def translator_args(graph: RouterGraph, element: Element,
                    ctx: ConfigureContext) -> dict[str, Any] | None:
    """AddressTranslator::configure's positional layout: the number N of static mappings,
    then (N > 0) whether they map ports and N mappings ``INNER_ADDR [INNER_PORT] MAPPED_ADDR
    [MAPPED_PORT]``, then whether there is dynamic mapping and, if so, whether it maps ports,
    the allocation direction (false: outward) and either mapped addresses (one per argument)
    or ``MAPPED_ADDR PORT_START PORT_END``.  Click's messages; addresses go to the C file as
    32 hex digits."""
    conf = cp_argvec(element.config)
    nc = names(graph, element, ctx)
    errors: list[str] = []

    def arg(i: int) -> str:
        if i >= len(conf):
            raise IndexError
        return conf[i].strip()

    def ip6(text: str) -> str | None:
        v = parse_ip6(text, nc)
        return None if v is None else v.hex()

    def flag(i: int) -> bool:
        v = parse_bool(arg(i))
        if v is None:
            errors.append(f"argument {i} should be : bool")
            return False
        return v

    out: dict[str, Any] = {}
    try:
        n = parse_int(arg(0))
        if n is None or n < 0:
            ctx.error("argument 0 should be : integer")
            return None
        statics: list[str] = []
        if n:
            ports = parse_bool(arg(1))
            if ports is None:
                errors.append("argument 2 should be : bool")
                ports = False
            out['STATIC_PORTS'] = ports
            for i in range(n):
                w = cp_spacevec(arg(2 + i))
                want = 4 if ports else 2
                if len(w) < want:
                    errors.append(f"argument {2 + i} should be : static mapping")
                    continue
                ia, ma = ip6(w[0]), ip6(w[2 if ports else 1])
                ip, mp = (parse_int(w[1]), parse_int(w[3])) if ports else (0, 0)
                if ia is None or ma is None or ip is None or mp is None:
                    errors.append(f"argument {2 + i} should be : static mapping")
                    continue
                statics.append(f"{ia},{ip & 0xFFFF},{ma},{mp & 0xFFFF}")
        out['STATIC'] = " ".join(statics)
        s = n + 2 if n else 1
        out['DYNAMIC'] = flag(s)
        if out['DYNAMIC']:
            out['DYNAMIC_PORTS'] = flag(s + 1)
            out['DIRECTION'] = flag(s + 2)
            if not out['DYNAMIC_PORTS']:
                addrs = []
                for i in range(3, len(conf) - s):
                    a = ip6(arg(s + i))
                    if a is None:
                        errors.append(f"argument {i} should be : <IP6Address>")
                    else:
                        addrs.append(a)
                out['ADDRS'] = " ".join(addrs)
            else:
                w = cp_spacevec(arg(s + 3))
                a = ip6(w[0]) if w else None
                lo = parse_int(w[1]) if len(w) > 1 else None
                hi = parse_int(w[2]) if len(w) > 2 else None
                if a is None or lo is None or hi is None:
                    errors.append("argument 3 should be : <IP6Address> <unsigned char> "
                                  "<unsigned char>")
                else:
                    out['MADDR'], out['PORT_START'], out['PORT_END'] = a, lo & 0xFFFF, hi & 0xFFFF
    except IndexError:
        errors.append("too few arguments")
    for e in errors:
        ctx.error(e)
    return None if errors else out


SPEC = ElementSpec('AddressTranslator', '2/2', 'h/h', '#/#',
    config='custom',
    custom_parser=translator_args,
    args=(
        Arg('STATIC', 'string', doc='the static mappings (parsed from the positional form)'),
        Arg('STATIC_PORTS', 'bool', default=False, doc='the static mappings map ports too'),
        Arg('DYNAMIC', 'bool', default=False, doc='dynamic mapping'),
        Arg('DYNAMIC_PORTS', 'bool', default=False, doc='dynamic address and port mapping'),
        Arg('DIRECTION', 'bool', default=False,
            doc='the direction that allocates dynamic mappings (false: outward, input 0)'),
        Arg('ADDRS', 'string', doc='the mapped addresses of dynamic address mapping'),
        Arg('MADDR', 'string', doc='the mapped address of dynamic port mapping'),
        Arg('PORT_START', 'unsigned', default=0, doc='the first mapped port'),
        Arg('PORT_END', 'unsigned', default=0, doc='the last mapped port'),
    ),
    state='shared',
    concurrency='one-thread',
    concurrency_note='the mapping tables change as flows arrive',
)
