"""ARPResponder: Answers ARP queries for the configured IP addresses or prefixes with the matching
Ethernet addresses.

Facts from Click's elements/ethernet/arpresponder.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.args.addresses import parse_ether, parse_ip_prefix
from clickc.cformat import c_string
from clickc.elements.hooks import ConfigureContext, address_db, names
from clickc.elements.spec import ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def arp_responder_entries(graph: RouterGraph, element: Element,
                          ctx: ConfigureContext) -> dict[str, Any] | None:
    """ARPResponder: ``IP/MASK... ETH`` per argument (Click's ARPResponder::add).

    Returns ``{"ENTRIES": [(addr, mask, ether bytes), ...]}`` in configuration order."""

    nc = names(graph, element, ctx)
    entries: list[tuple[int, int, bytes]] = []
    ok = True
    for i, arg in enumerate(cp_argvec(element.config)):
        words = cp_spacevec(arg)
        prefixes: list[tuple[int, int]] = []
        eth: bytes | None = None
        err: str | None = None
        for w in words:
            p = parse_ip_prefix(w, nc, allow_bare_address=True)
            if p is not None:
                prefixes.append((p[0] & p[1], p[1]))
                continue
            e = parse_ether(w, nc)
            if e is None:
                err = "expected IP/MASK ETH"
                break
            if eth is not None:
                err = "more than one ETH"
                break
            eth = e
        if err is None and eth is None:
            # an argument that is both an IP address and an Ethernet address
            for w in words:
                e = parse_ether(w, nc)
                if e is not None:
                    eth = e
                    break
        if err is None and not prefixes:
            err = "missing IP/MASK"
        if err is None and eth is None:
            err = "missing ETH"
        if err is not None:
            ctx.error(f"argument {i}: {err}")
            ok = False
            continue
        assert eth is not None
        entries += [(a, m, eth) for a, m in prefixes]
    if not ok:
        return None
    # the C form, for elements/ethernet/arpresponder.c: 14 bytes per entry (address and mask
    # big-endian, then the Ethernet address)
    packed = b"".join(a.to_bytes(4, "big") + m.to_bytes(4, "big") + bytes(e)
                      for a, m, e in entries)
    element.facts.c_code = (
        f"static const unsigned char ELEM(conf_entries)[] = {c_string(packed)};\n"
        f"static const int ELEM(conf_nentries) = {len(entries)};\n"
        f"static const char ELEM(conf_text)[] = {c_string(element.config.encode())};\n"
        + _name_table(graph, element, ctx))
    return {"ENTRIES": entries}


#: AddressInfo name suffixes (clickc.args.addresses) the run-time ``config`` handler knows.
_SUFFIXES = ("", ":ip", ":ip4", ":bcast", ":gw", ":net", ":ipnet", ":ip4net", ":eth", ":ether",
             ":ethernet")


def _name_table(graph: RouterGraph, element: Element, ctx: ConfigureContext) -> str:
    """``ELEM(names)``: every AddressInfo word (name and suffix) as this element's arguments
    would read it, resolved now (the runtime knows no AddressInfo names): per word its
    IP/MASK (``has_pfx``, address, mask) and Ethernet address (``has_eth``, bytes)."""
    nc = names(graph, element, ctx)
    rows = []
    for name in sorted(address_db(graph).names()):
        for suffix in _SUFFIXES:
            w = name + suffix
            p = parse_ip_prefix(w, nc, allow_bare_address=True)
            e = parse_ether(w, nc)
            if p is None and e is None:
                continue
            a, m = (p[0] & p[1], p[1]) if p is not None else (0, 0)
            eth = ", ".join(str(b) for b in (bytes(e) if e is not None else bytes(6)))
            rows.append(f"    {{{c_string(w.encode())}, {int(p is not None)}, {a}u, {m}u, "
                        f"{int(e is not None)}, {{{eth}}}}},\n")
    n = len(rows)
    if not rows:  # C has no empty arrays
        rows.append("    {\"\", 0, 0u, 0u, 0, {0, 0, 0, 0, 0, 0}},\n")
    return ("static const struct { const char *word; int has_pfx; uint32_t a, m; int has_eth;\n"
            "    unsigned char eth[6]; } ELEM(names)[] = {\n" + "".join(rows) + "};\n"
            f"static const int ELEM(nnames) = {n};\n")


SPEC = ElementSpec('ARPResponder', '1/1-2', 'a/ah',
    config='custom',
    custom_parser=arp_responder_entries,
    handlers=(
        Handler('table'),
        Handler('lookup', doc='the Ethernet address for an IP address (empty if none)',
                read_param=True),
        Handler('add', read=False, write=True),
        Handler('remove', read=False, write=True),
        Handler('config', write=True,
                doc='the configuration; a write replaces the table (AddressInfo names as at '
                    'compile time; the old table stays after an error)'),
    ),
    state='readonly',
)
