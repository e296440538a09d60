"""Number and address syntax as Click's IntArg, IPAddressArg, IPPrefixArg and EtherAddressArg
accept it (lib/args.cc, lib/ipaddress.cc, lib/etheraddress.cc)."""

from __future__ import annotations

from ..args.addresses import ether_basic_parse, ip_basic_parse


def parse_int(text: str, signed: bool = True, bits: int = 32) -> int | None:
    """Click's ``IntArg().parse``: optional sign, ``0x`` hex, ``0b`` binary, leading-0 octal,
    underscores between digits; the whole text must be used.  Returns None on syntax or range
    errors.  Signed results are returned as Python ints (possibly negative)."""
    s = 0
    n = len(text)
    neg = False
    if s < n and ((signed and text[s] == "-") or text[s] == "+"):
        neg = text[s] == "-"
        s += 1
    if s + 2 < n and text[s] == "0" and text[s + 1] in "xX":
        s += 2
        base = 16
    elif s + 2 < n and text[s] == "0" and text[s + 1] in "bB":
        s += 2
        base = 2
    elif s < n and text[s] == "0":
        base = 8
    else:
        base = 10
    value = 0
    ndig = 0
    i = s
    while i < n:
        c = text[i]
        if c == "_" and ndig and i + 1 < n and text[i - 1] != "_":
            i += 1
            continue
        d = int(c, 36) if c.isascii() and c.isalnum() else 99
        if d >= base:
            return None
        value = value * base + d
        ndig += 1
        i += 1
    if ndig == 0:
        return None
    if neg:
        value = -value
    if signed:
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    else:
        lo, hi = 0, (1 << bits) - 1
    if value < lo or value > hi:
        return None
    return value


def basic_ip(text: str) -> tuple[int, int, int]:
    """Click's ``IPAddressArg::basic_parse`` over all of ``text``: (address as a big-endian int,
    bytes parsed, characters used); :func:`clickc.args.addresses.ip_basic_parse` does the
    parsing."""
    used, addr, nbytes = ip_basic_parse(text, len(text))
    return addr, nbytes, used


def parse_ip(text: str) -> int | None:
    """A dotted-quad IPv4 address as a big-endian int, or None."""
    addr, nbytes, used = basic_ip(text)
    if used == len(text) and nbytes == 4:
        return addr
    return None


def prefix_mask(bits: int) -> int:
    """The netmask of a prefix length (0..32)."""
    return (0xFFFFFFFF << (32 - bits)) & 0xFFFFFFFF if bits else 0


def parse_ip_prefix(text: str) -> tuple[int, int] | None:
    """Click's ``IPPrefixArg().parse`` without bare addresses: ``ADDR/LEN`` or ``ADDR/MASK``,
    ADDR possibly abbreviated (``10/8``).  Returns (address, mask) or None."""
    slash = text.rfind("/")
    if slash <= 0 or slash + 1 == len(text):
        return None
    addr, nbytes, used = basic_ip(text[:slash])
    if used != slash:
        return None
    rest = text[slash + 1:]
    length = int(rest, 10) if rest.isascii() and rest.isdigit() else None
    if length is not None and 0 <= length <= 32:
        mask = prefix_mask(length)
    else:
        m = parse_ip(rest)
        if m is None:
            return None
        mask = m
    if nbytes < 4 and (mask & prefix_mask(nbytes * 8)) != mask:
        return None
    return addr, mask


def parse_ether(text: str) -> bytes | None:
    """Click's ``EtherAddressArg``: six hex bytes separated by ``:`` or ``-``
    (:func:`clickc.args.addresses.ether_basic_parse`)."""
    return ether_basic_parse(text)
