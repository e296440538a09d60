"""The oracle's output format (tests/args/oracle/oracle.cc), produced from clickc's parsers.

For every case ``TYPE<TAB>TEXT`` the oracle prints Click's result as ``OK <value>`` or the error
lines ``ERR X: <message>``; :func:`clickc_result` formats clickc's result the same way so the
two can be compared line for line.  Oracle type names that differ from clickc's are mapped in
``TYPES`` (``fixed16`` is clickc's ``fixed``; ``argvec``/``spacevec``/``unquote``/``uncomment``
test the lexing functions).
"""

from __future__ import annotations

from clickc.args import ArgError, cp_argvec, cp_spacevec, cp_uncomment, parse_value, unquote
from clickc.args.values import (
    Bandwidth,
    EtherAddress,
    IP6Address,
    IP6Prefix,
    IPAddress,
    IPPrefix,
    Time,
)

TYPES = {"fixed16": "fixed", "stime": "time_signed", "ipaddrlist": "ip list"}
LEXING = ("argvec", "spacevec", "unquote", "uncomment")


def escape(s: str) -> str:
    """One case per line: backslash, newline and tab escaped."""
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def unescape(s: str) -> str:
    out = []
    i = 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s) and s[i + 1] in "\\nt":
            out.append({"\\": "\\", "n": "\n", "t": "\t"}[s[i + 1]])
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def _hex(b: bytes) -> str:
    return f"OK {len(b)}:{b.hex()}"


def _show(v: object) -> str:
    if isinstance(v, bool):
        return f"OK {int(v)}"
    if isinstance(v, int):
        return f"OK {v}"
    if isinstance(v, float):
        return "OK nan" if v != v else f"OK {v:.17g}"
    if isinstance(v, IPPrefix):
        return f"OK {IPAddress(v.addr)}/{IPAddress(v.mask)}"
    if isinstance(v, IP6Prefix):
        return f"OK {IP6Address(v.addr)}/{v.prefix_len}"
    if isinstance(v, EtherAddress):
        return "OK " + ":".join(f"{b:02X}" for b in v.octets)
    if isinstance(v, Time):
        return f"OK {v.ns}"
    if isinstance(v, Bandwidth):
        return f"OK {v.bytes_per_sec}"
    if isinstance(v, (IPAddress, IP6Address)):
        return f"OK {v}"
    if isinstance(v, bytes):
        return _hex(v)
    if isinstance(v, str):
        return _hex(v.encode("utf-8", "surrogateescape"))
    if isinstance(v, list):
        return "OK" + "".join(f" {x}" for x in v)
    raise AssertionError(f"unexpected value {v!r}")


def clickc_result(type_name: str, text: str) -> str:
    """clickc's answer for one case, in the oracle's format."""
    if type_name in ("argvec", "spacevec"):
        parts = cp_argvec(text) if type_name == "argvec" else cp_spacevec(text)
        return f"OK {len(parts)}" + "".join(
            f" |{p.encode('utf-8', 'surrogateescape').hex()}|" for p in parts)
    if type_name == "unquote":
        return _hex(unquote(text))
    if type_name == "uncomment":
        return _hex(cp_uncomment(text).encode("utf-8", "surrogateescape"))
    try:
        v = parse_value(TYPES.get(type_name, type_name), text)
    except ArgError as e:
        return "ERR X: " + e.message
    return _show(v)
