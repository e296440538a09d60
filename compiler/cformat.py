"""Spelling Python values and names as C11 source text (literals, comments, identifiers)."""

from __future__ import annotations

import re
from typing import Any

_IDENT_BAD = re.compile(r"[^A-Za-z0-9_]")


def c_ident(name: str) -> str:
    """``name`` as a C identifier fragment: every character outside ``[A-Za-z0-9_]`` becomes
    ``_`` (handler ``byte_count`` stays, ``a.b-c`` becomes ``a_b_c``)."""
    return _IDENT_BAD.sub("_", name)


def c_string(s: str | bytes) -> str:
    """A C string literal holding ``s`` (str is UTF-8 encoded) byte for byte.

    Printable ASCII stays readable; everything else is a 3-digit octal escape (which, unlike
    ``\\x``, cannot swallow a following hex digit); ``??`` is broken up so that trigraphs (on in
    ``-std=c11``) never form.
    """
    if (isinstance(s, str) and s.isascii() and s.isprintable() and '"' not in s
            and "\\" not in s and "?" not in s):
        return f'"{s}"'   # nothing to escape (most names, landmarks and configurations)
    # a str read from a configuration keeps its non-UTF-8 bytes as surrogates (Click's
    # configuration language is bytes: docs/reliability.md)
    data = s.encode("utf-8", "surrogateescape") if isinstance(s, str) else s
    # one table translation in C, then the '?'s after a '?' (no escape ends in '?', so the
    # '?' pairs are those of the input): linear, about 4 bytes of text per byte, so a 16 MiB
    # string costs no more than the literal it becomes (docs/reliability.md)
    text = data.decode("latin-1").translate(_C_TABLE)
    return '"' + _C_TRIGRAPH.sub(r"\\?", text) + '"'


#: Byte -> its escape in a C string literal: quote, backslash, and everything outside
#: printable ASCII (a 3-digit octal escape, or \n and \t).
_C_TABLE: dict[int, str] = {
    **{b: f"\\{b:03o}" for b in range(256) if not 0x20 <= b <= 0x7E},
    0x22: '\\"', 0x5C: "\\\\", 0x0A: "\\n", 0x09: "\\t"}
#: A '?' after a '?' ("???" becomes "?\?\?"), so that trigraphs never form.
_C_TRIGRAPH = re.compile(r"(?<=\?)\?")


def c_comment(text: str) -> str:
    """``text`` made safe inside a ``/* ... */`` comment: one line, no ``*/`` or ``/*``
    (``-Wcomment`` is part of ``-Wall``), non-ASCII and control characters replaced by ``?``."""
    flat = " ".join(text.split())
    flat = _NOT_PRINTABLE.sub("?", flat)
    return flat.replace("*/", "* /").replace("/*", "/ *")


_NOT_PRINTABLE = re.compile(r"[^\x20-\x7e]")


def c_literal(value: Any) -> str:
    """A C constant expression for a plain Python configuration value.

    bool -> ``1``/``0``; int -> decimal with ``LL``/``ULL`` suffix outside 32 bits; float ->
    ``repr`` (a double); str/bytes -> string literal.  Typed values from ``clickc.args``
    provide their own ``c_literal()`` and are used as they are.  Raises TypeError for anything
    else (lists need a typed value that knows its element type).
    """
    meth = getattr(value, "c_literal", None)
    if callable(meth):
        return str(meth())
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        if -(2**31) <= value < 2**31:
            return str(value)
        if value < 0:
            return f"({value + 1}LL - 1)" if value == -(2**63) else f"{value}LL"
        return f"{value}ULL"
    if isinstance(value, float):
        r = repr(value)
        return r if any(c in r for c in ".en") else r + ".0"
    if isinstance(value, (str, bytes)):
        return c_string(value)
    raise TypeError(f"no C literal for {type(value).__name__} value {value!r}")


def c_length(value: Any) -> int:
    """``CONF_LEN`` of a value: bytes of a string (UTF-8), items of a list, else 1.

    Typed values may say it themselves with ``c_len()``.
    """
    meth = getattr(value, "c_len", None)
    if callable(meth):
        return int(meth())
    if isinstance(value, str):
        return len(value.encode("utf-8"))
    if isinstance(value, (bytes, list, tuple)):
        return len(value)
    return 1
