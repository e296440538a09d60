"""Typed configuration values and their C11 constants.

Every parsed argument is either a plain Python value (``int``, ``bool``, ``float``, ``str``,
``bytes``, ``list``) or one of the frozen dataclasses below.  :func:`c_literal` turns any of them
into a C11 *expression* the backend can use for ``CONF(NAME)`` (docs/c-interface.md): a literal,
an integer constant expression, or a compound literal for arrays and pairs.  Integers need the
argument's type to pick the C type, so :func:`c_literal` takes the type name.

Byte order: an IPv4 address's ``c_literal()`` is a ``uint32_t`` constant expression whose
*in-memory* bytes are the address in network order (it equals ``htonl(addr)`` on every host, so
it compares directly with ``ip_src``/``ip_dst`` fields read from a packet);
``c_literal_host()`` is the host-order number (``0x121A0409u`` for 18.26.4.9).  Ethernet and
IPv6 addresses are byte arrays in transmission order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, ClassVar

U32 = 0xFFFFFFFF


def _net32(v: int) -> str:
    swapped = int.from_bytes(v.to_bytes(4, "big"), "little")
    return (f"(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? 0x{swapped:08X}u : 0x{v:08X}u)")


def _byte_array(b: bytes) -> str:
    return "{" + ",".join(f"0x{x:02X}" for x in b) + "}"


@dataclass(frozen=True)
class IPAddress:
    """An IPv4 address: ``value`` is the uint32 in host order (18.26.4.9 is 0x121A0409)."""

    value: int

    def __str__(self) -> str:
        v = self.value
        return f"{v >> 24}.{(v >> 16) & 255}.{(v >> 8) & 255}.{v & 255}"

    def packed(self) -> bytes:
        """The 4 bytes in network order."""
        return self.value.to_bytes(4, "big")

    def c_literal(self) -> str:
        """``uint32_t`` constant expression equal to ``htonl(value)`` (network order in memory)."""
        return _net32(self.value)

    def c_literal_host(self) -> str:
        """``uint32_t`` constant in host order, e.g. ``0x121A0409u``."""
        return f"0x{self.value:08X}u"


@dataclass(frozen=True)
class IPPrefix:
    """An IPv4 address and mask (host order).  ``addr`` may have bits outside the mask."""

    addr: int
    mask: int

    @property
    def prefix_len(self) -> int:
        """The prefix length, or -1 when the mask is not contiguous."""
        inv = (~self.mask) & U32
        if inv & (inv + 1):
            return -1
        return 32 - inv.bit_length()

    def __str__(self) -> str:
        n = self.prefix_len
        m = str(n) if n >= 0 else str(IPAddress(self.mask))
        return f"{IPAddress(self.addr)}/{m}"

    def c_literal(self) -> str:
        """Compound literal ``{addr, mask}`` of two network-order ``uint32_t`` (see IPAddress)."""
        return ("((const struct { uint32_t addr; uint32_t mask; }){"
                f"{_net32(self.addr)}, {_net32(self.mask)}}})")


@dataclass(frozen=True)
class _Octets:
    """An address that is a fixed number (``SIZE``) of bytes in network order."""

    SIZE: ClassVar[int]
    octets: bytes

    def c_literal(self) -> str:
        """Compound literal ``((const uint8_t[SIZE]){0x00,...})``."""
        return f"((const uint8_t[{self.SIZE}]){_byte_array(self.octets)})"

    def c_initializer(self) -> str:
        """Brace initializer ``{0x00,0x11,...}`` for a ``uint8_t[SIZE]`` definition."""
        return _byte_array(self.octets)


@dataclass(frozen=True)
class EtherAddress(_Octets):
    """An Ethernet address: 6 bytes in transmission order."""

    SIZE: ClassVar[int] = 6

    def __str__(self) -> str:
        return "-".join(f"{x:02X}" for x in self.octets)


@dataclass(frozen=True)
class IP6Address(_Octets):
    """An IPv6 address: 16 bytes in network order."""

    SIZE: ClassVar[int] = 16

    def __str__(self) -> str:
        groups = [int.from_bytes(self.octets[i:i + 2], "big") for i in range(0, 16, 2)]
        return ":".join(f"{g:x}" for g in groups)


@dataclass(frozen=True)
class IP6Prefix:
    """An IPv6 address (16 bytes) and prefix length 0-128."""

    addr: bytes
    prefix_len: int

    def __str__(self) -> str:
        return f"{IP6Address(self.addr)}/{self.prefix_len}"

    def c_literal(self) -> str:
        """Compound literal ``{addr[16], prefix_len}``."""
        return ("((const struct { uint8_t addr[16]; int prefix_len; }){"
                f"{_byte_array(self.addr)}, {self.prefix_len}}})")


@dataclass(frozen=True)
class Time:
    """A time interval (Click's Timestamp) in nanoseconds; may be negative."""

    ns: int

    def __str__(self) -> str:
        sign = "-" if self.ns < 0 else ""
        a = abs(self.ns)
        s, frac = divmod(a, 1_000_000_000)
        if not frac:
            return f"{sign}{s}s"
        return f"{sign}{s}.{frac:09d}".rstrip("0") + "s"

    def c_literal(self) -> str:
        """``INT64_C(n)`` nanoseconds."""
        return f"INT64_C({self.ns})"


@dataclass(frozen=True)
class Bandwidth:
    """A rate in bytes per second (Click's BandwidthArg, uint32); ``unitless`` when the text
    had no unit (Click treats that as bytes per second; some elements warn about it)."""

    bytes_per_sec: int
    unitless: bool = False

    def __str__(self) -> str:
        return f"{self.bytes_per_sec}Bps"

    def c_literal(self) -> str:
        """``UINT32_C(n)`` bytes per second."""
        return f"UINT32_C({self.bytes_per_sec})"


@dataclass(frozen=True)
class ElementRef:
    """A reference to another element: its flat name and index."""

    name: str
    index: int

    def __str__(self) -> str:
        return self.name

    def c_literal(self) -> str:
        """The referenced element's index (``ELEMENT_INDEX`` of that instance)."""
        return str(self.index)


@dataclass(frozen=True)
class HandlerRef:
    """An ``ELEMENT.HANDLER`` reference (element flat name, or "" for a global handler) and the
    value text that followed it (for write handlers, e.g. ``c.reset`` or ``q.capacity 5``)."""

    element: str
    handler: str
    value: str = ""

    def __str__(self) -> str:
        return f"{self.element}.{self.handler}" if self.element else self.handler

    def c_literal(self) -> str:
        """A C string literal ``"element.handler"``."""
        return c_string(str(self).encode())


def c_string(b: bytes) -> str:
    """A C string literal for ``b`` (any bytes, NUL included): printable ASCII as is, ``\\"``
    and ``\\\\`` escaped, every other byte as a 3-digit octal escape (never ambiguous)."""
    # '?' escaped too: no trigraphs.  One table translation in C: linear, and no Python call
    # per byte (a 16 MiB string, docs/reliability.md)
    return '"' + b.decode("latin-1").translate(_C_STRING_TABLE) + '"'


#: Byte -> its escape: ``\"``, ``\\``, and a 3-digit octal escape for '?' and every byte
#: outside printable ASCII.
_C_STRING_TABLE: dict[int, str] = {
    **{c: f"\\{c:03o}" for c in range(256) if not 0x20 <= c <= 0x7E or c == 0x3F},
    0x22: '\\"', 0x5C: "\\\\"}


#: C integer type of each integer argument type: (signed, bits).
INT_TYPES: dict[str, tuple[bool, int]] = {
    "int": (True, 32), "unsigned": (False, 32), "int64": (True, 64), "unsigned64": (False, 64),
    "byte": (False, 8), "int8": (True, 8), "uint16": (False, 16), "int16": (True, 16),
    "ethertype": (False, 16), "ipproto": (False, 8), "port": (False, 16),
    "tcp_port": (False, 16), "udp_port": (False, 16),
    "seconds": (False, 32), "milliseconds": (False, 32), "microseconds": (False, 32),
    "fixed": (False, 32), "fixed28": (False, 32), "fixed16": (False, 32),
}


def c_int(v: int, signed: bool, bits: int) -> str:
    """C constant for an integer of the given C type (``INT32_C``/``UINT64_C``... macros)."""
    if signed:
        if v == -(1 << (bits - 1)):
            return f"(-INT{max(bits, 32)}_C({(1 << (bits - 1)) - 1}) - 1)"
        return f"INT{max(bits, 32)}_C({v})" if bits == 64 or v < 0 else str(v)
    return f"UINT64_C({v})" if bits == 64 else f"{v}u"


def c_double(x: float) -> str:
    """C ``double`` constant (exact round trip via ``repr``; ``__builtin_inf()``/``nan``)."""
    if math.isnan(x):
        return "__builtin_nan(\"\")"
    if math.isinf(x):
        return "(-__builtin_inf())" if x < 0 else "__builtin_inf()"
    r = repr(x)
    if "e" not in r and "." not in r and "inf" not in r:
        r += ".0"
    return r


def c_literal(value: Any, type_name: str | None = None) -> str:
    """The C11 expression for a parsed value (see the module documentation).

    ``type_name`` (a key of ``ARG_TYPES``) chooses the C type of plain integers; without it an
    ``int`` is a signed 64-bit constant.  ``bytes`` and ``str`` become string literals (use
    :func:`c_length` for their length, which counts embedded NULs); lists become compound
    literals of their elements.  Raises TypeError for a value of no known kind.
    """
    if hasattr(value, "c_literal"):
        return str(value.c_literal())
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        signed, bits = INT_TYPES.get(type_name or "", (True, 64))
        return c_int(value, signed, bits)
    if isinstance(value, float):
        return c_double(value)
    if isinstance(value, bytes):
        return c_string(value)
    if isinstance(value, str):
        return c_string(value.encode("utf-8", "surrogateescape"))
    if isinstance(value, (list, tuple)):
        return c_array(list(value), type_name)
    if value is None:
        return "0"
    raise TypeError(f"no C literal for {type(value).__name__}")


def c_length(value: Any) -> int:
    """``CONF_LEN``: bytes of a string (NULs included), items of a list, else 1."""
    if isinstance(value, bytes):
        return len(value)
    if isinstance(value, str):
        return len(value.encode("utf-8", "surrogateescape"))
    if isinstance(value, (list, tuple)):
        return len(value)
    return 1


_LIST_ELEMENT = {"iplist": "ip", "words": "word", "interfaces": "ipprefix_or_addr"}

_INT_CTYPES = {(True, 8): "int8_t", (False, 8): "uint8_t", (True, 16): "int16_t",
               (False, 16): "uint16_t", (True, 32): "int32_t", (False, 32): "uint32_t",
               (True, 64): "int64_t", (False, 64): "uint64_t"}


def _c_element(v: Any, elem_type: str | None) -> tuple[str, str, str]:
    """(C element type, array dimension suffix, initializer) of one list item."""
    if isinstance(v, IPAddress):
        return "uint32_t", "", v.c_literal()
    if isinstance(v, IPPrefix):
        return ("struct { uint32_t addr; uint32_t mask; }", "",
                f"{{{_net32(v.addr)}, {_net32(v.mask)}}}")
    if isinstance(v, EtherAddress):
        return "uint8_t", "[6]", v.c_initializer()
    if isinstance(v, IP6Address):
        return "uint8_t", "[16]", v.c_initializer()
    if isinstance(v, IP6Prefix):
        return ("struct { uint8_t addr[16]; int prefix_len; }", "",
                f"{{{_byte_array(v.addr)}, {v.prefix_len}}}")
    if isinstance(v, Time):
        return "int64_t", "", v.c_literal()
    if isinstance(v, Bandwidth):
        return "uint32_t", "", v.c_literal()
    if isinstance(v, bool):
        return "int", "", "1" if v else "0"
    if isinstance(v, int):
        signed, bits = INT_TYPES.get(elem_type or "", (True, 64))
        return _INT_CTYPES[(signed, bits)], "", c_int(v, signed, bits)
    if isinstance(v, float):
        return "double", "", c_double(v)
    if isinstance(v, (bytes, str)) or hasattr(v, "c_literal"):
        return "char *const", "", c_literal(v)
    raise TypeError(f"no C literal for a list of {type(v).__name__}")


def c_array(values: list[Any], type_name: str | None = None) -> str:
    """A C compound literal for a list argument: ``((const T[N]){a, b})``; arrays of addresses
    are ``((const uint8_t[N][6]){{...}, {...}})``; strings ``((const char *const[N]){...})``.
    An empty list is a null pointer of the element type (``CONF_LEN`` is 0)."""
    elem = None
    if type_name:
        elem = type_name[:-5] if type_name.endswith(" list") else _LIST_ELEMENT.get(type_name)
    if not values:
        ctype, dims, _ = _c_element(_EMPTY_PROTOTYPE.get(elem or "", 0), elem)
        if dims:
            return f"((const {ctype} (*){dims})0)"
        return f"((const {ctype} *)0)"
    parts = [_c_element(v, elem) for v in values]
    ctype, dims = parts[0][0], parts[0][1]
    inits = ", ".join(p[2] for p in parts)
    return f"((const {ctype}[{len(parts)}]{dims}){{{inits}}})"


_EMPTY_PROTOTYPE: dict[str, Any] = {
    "ip": IPAddress(0), "ipprefix": IPPrefix(0, 0), "ipprefix_or_addr": IPPrefix(0, 0),
    "ether": EtherAddress(bytes(6)), "ip6": IP6Address(bytes(16)),
    "ip6prefix": IP6Prefix(bytes(16), 0), "string": b"", "word": "", "anything": "",
    "filename": "", "time": Time(0), "bandwidth": Bandwidth(0), "real": 0.0, "bool": False,
}
