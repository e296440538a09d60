"""Click's configuration-string lexing: comments, quotes, commas and words.

These functions reproduce the string utilities of Click's ``lib/confparse.cc`` (``cp_argvec``,
``cp_spacevec``, ``cp_uncomment``, ``cp_unquote``, ``cp_string``, ``cp_word``, ``cp_keyword``)
character for character, so that clickc splits and unquotes configuration strings exactly as
Click's elements see them.

Click works on bytes.  Here configuration text is a Python ``str``; every character that has a
meaning to these functions is ASCII, and the UTF-8 encoding of any other character contains no
ASCII byte, so working on characters finds the same boundaries as Click working on bytes.  Only
the values produced by unquoting (``\\<hex>`` data, ``\\ooo`` escapes) can be arbitrary bytes,
which is why :func:`unquote` returns ``bytes``.

White space is the C locale's ``isspace`` set: space, tab, newline, vertical tab, form feed and
carriage return (never Unicode spaces).  Comments are ``// ...`` up to the end of the line and
``/* ... */``; both are recognized outside quotes only.
"""

from __future__ import annotations

import re

SPACE = " \t\n\v\f\r"
_KEYWORD_PUNCT = "_.:?!"
#: A run of characters none of the lexers below treats specially (not space, comment start,
#: comma, quote or backslash): the loops skip such runs in one step, so long configuration
#: strings (inline tables, expanded defines) cost C speed per character, not Python's.
PLAIN_RUN = re.compile(r"[^ \t\n\v\f\r/,'\"\\]+")
SPACE_RUN = re.compile(r"[ \t\n\v\f\r]+")
_KEYWORD_RUN = re.compile(r"[A-Za-z_][A-Za-z0-9_.:?!]*")
#: Characters unquote passes over (not a quote or backslash).
_UNQUOTE_PLAIN = re.compile(r"[^\"'\\]+")


def is_space(c: str) -> bool:
    """True for the six C-locale white-space characters."""
    return c in SPACE and c != ""


def is_alpha(c: str) -> bool:
    """ASCII letter (C ``isalpha`` in the C locale)."""
    return ("a" <= c <= "z" or "A" <= c <= "Z") and len(c) == 1


def is_digit(c: str) -> bool:
    """ASCII decimal digit."""
    return "0" <= c <= "9" and len(c) == 1


def is_alnum(c: str) -> bool:
    """ASCII letter or digit."""
    return is_alpha(c) or is_digit(c)


def is_xdigit(c: str) -> bool:
    """ASCII hexadecimal digit."""
    return is_digit(c) or "a" <= c <= "f" or "A" <= c <= "F"


def skip_space(s: str, i: int, end: int) -> int:
    """Index of the first non-space character of ``s[i:end]`` (or ``end``)."""
    while i < end and s[i] in SPACE:
        i += 1
    return i


def _is_comment_start(s: str, i: int, end: int) -> bool:
    return s[i] == "/" and i + 1 < end and s[i + 1] in "/*"


def skip_comment(s: str, i: int, end: int) -> int:
    """Index just after the comment starting at ``s[i]`` (``//`` or ``/*``).

    A ``//`` comment includes its newline (``\\n``, ``\\r`` or ``\\r\\n``); an unterminated
    ``/*`` comment runs to the end.  Like Click's ``skip_comment``, a comment that starts in the
    last three characters gives an index up to two past ``end``; callers reproduce what Click
    does with such an index (a substring reaching past the end is empty).
    """
    if s[i + 1] == "/":
        i += 2
        while i + 1 < end and s[i] not in "\n\r":
            i += 1
        if i + 1 < end and s[i] == "\r" and s[i + 1] == "\n":
            i += 1
        return i + 1
    i += 2
    while i + 2 < end and not (s[i] == "*" and s[i + 1] == "/"):
        i += 1
    return i + 2


def skip_backslash(s: str, i: int, end: int) -> int:
    """Index just after the backslash escape starting at ``s[i]`` (``\\<...>`` included)."""
    if i + 1 >= end:
        return i + 1
    if s[i + 1] == "<":
        i += 2
        while i < end:
            if s[i] == ">":
                return i + 1
            if _is_comment_start(s, i, end):
                i = skip_comment(s, i, end)
            else:
                i += 1
        return i
    if s[i + 1] == "\r" and i + 2 < end and s[i + 2] == "\n":
        return i + 3
    return i + 2


def skip_double_quote(s: str, i: int, end: int) -> int:
    """Index just after the double-quoted string starting at ``s[i]`` (``end`` if open)."""
    i += 1
    while True:
        # one regular-expression step over the ordinary characters (a 16 MiB string would
        # take seconds a character at a time)
        m = _DOUBLE_QUOTE_STOP.search(s, i, end)
        if m is None:
            return end
        i = m.start()
        if s[i] == '"':
            return i + 1
        i = skip_backslash(s, i, end)


#: What ends a run of ordinary characters inside a double-quoted string.
_DOUBLE_QUOTE_STOP = re.compile(r'["\\]')


def skip_single_quote(s: str, i: int, end: int) -> int:
    """Index just after the single-quoted string starting at ``s[i]`` (``end`` if open)."""
    j = s.find("'", i + 1, end)
    return end if j < 0 else j + 1


def skip_word_unit(s: str, i: int, end: int) -> int:
    """Index just after the unit of a word that starts at ``s[i]``: a double- or single-quoted
    string, a ``\\<...>`` hex block, a run of ordinary characters (PLAIN_RUN), else the one
    character (a backslash alone, a comma, a slash)."""
    c = s[i]
    if c == '"':
        return skip_double_quote(s, i, end)
    if c == "'":
        return skip_single_quote(s, i, end)
    if c == "\\" and i + 1 < end and s[i + 1] == "<":
        return skip_backslash(s, i, end)
    m = PLAIN_RUN.match(s, i, end)
    return m.end() if m else i + 1


def skip_comment_space(s: str, i: int, end: int) -> int:
    """Index of the first character of ``s[i:end]`` that is neither space nor comment."""
    while i < end:
        if s[i] in SPACE:
            i += 1
        elif _is_comment_start(s, i, end):
            i = skip_comment(s, i, end)
        else:
            break
    return i


def _sub(s: str, a: int, b: int) -> str:
    """Click's ``String::substring(first, last)``: empty unless ``a < b <= len(s)``."""
    return s[a:b] if a < b <= len(s) else ""


def _partial_uncomment(s: str, i: int, stop_at_comma: bool) -> tuple[str, int]:
    """Click's ``partial_uncomment``: the text from ``i`` with comments removed and outer space
    trimmed, stopping at the first top-level comma when ``stop_at_comma``.

    Returns (text, index of the comma or ``len(s)``).  A comment between two pieces of text
    becomes one space; other white space inside the text is kept as is.
    """
    end = len(s)
    i = skip_comment_space(s, i, end)
    pieces: list[str] = []
    left = right = i
    closed = False
    while i < end:
        c = s[i]
        if c in SPACE:
            m = SPACE_RUN.match(s, i, end)
            i = m.end() if m else i + 1
        elif _is_comment_start(s, i, end):
            i = skip_comment(s, i, end)
            closed = True
        elif c == "," and stop_at_comma:
            break
        else:
            if closed:
                pieces.append(s[left:right])
                pieces.append(" ")
                left = i
                closed = False
            i = skip_word_unit(s, i, end)
            right = i
    pieces.append(_sub(s, left, right))
    return "".join(pieces), i


def cp_uncomment(s: str) -> str:
    """Click's ``cp_uncomment``: remove comments and outer white space.

    ``"  a /* x */   b  "`` gives ``"a b"``; ``"  a   b  "`` gives ``"a   b"``.
    """
    return _partial_uncomment(s, 0, False)[0]


def cp_argvec(config: str) -> list[str]:
    """Split a configuration string into arguments, as Click's ``cp_argvec`` does.

    The string is cut at every comma that is outside quotes, comments and ``\\<...>`` data; each
    argument is passed through :func:`cp_uncomment`.  A final empty argument is dropped (so
    ``"a, b,"`` gives ``["a", "b"]``), other empty arguments are kept (``"a, , b"`` gives
    ``["a", "", "b"]``; ``","`` gives ``[""]``), and the empty string gives ``[]``.  Like Click,
    parentheses and brackets do not protect commas: ``"(a, b)"`` gives ``["(a", "b)"]``.

    Source: ``cp_argvec`` and ``partial_uncomment`` in Click's lib/confparse.cc.
    """
    n = len(config)
    out: list[str] = []
    pos = 0
    while pos < n:
        arg, pos = _partial_uncomment(config, pos, True)
        if arg or pos < n:
            out.append(arg)
        pos += 1
    return out


def _skip_spacevec_item(s: str, i: int, end: int) -> int:
    while i < end:
        c = s[i]
        if c == "/":
            if i + 1 < end and s[i + 1] in "/*":
                return i
            i += 1
        elif c in SPACE:
            return i
        else:
            i = skip_word_unit(s, i, end)
    return i


def cp_spacevec(s: str) -> list[str]:
    """Split at unquoted white space and comments, as Click's ``cp_spacevec``.

    Quotes are kept in the words (``"'a b'c d"`` gives ``["'a b'c", "d"]``).
    """
    end = len(s)
    out: list[str] = []
    i = skip_comment_space(s, 0, end)
    while i < end:
        j = _skip_spacevec_item(s, i, end)
        out.append(_sub(s, i, j))
        i = skip_comment_space(s, j, end)
    return out


def cp_shift_spacevec(s: str) -> tuple[str, str]:
    """Click's ``cp_shift_spacevec``: (first word, rest after the following space/comments)."""
    end = len(s)
    i = skip_comment_space(s, 0, end)
    j = _skip_spacevec_item(s, i, end)
    return _sub(s, i, j), s[skip_comment_space(s, j, end):]


def process_backslash(s: str, i: int, end: int, out: bytearray | list[str]) -> int:
    """Expand the backslash escape at ``s[i]`` into ``out``; return the index after it.

    Escapes (Click's ``cp_process_backslash``): backslash-newline is removed; ``\\a \\b \\f
    \\n \\r \\t \\v`` as in C; ``\\ooo`` (1-3 octal digits) and ``\\xHH...`` (any number of hex
    digits, the value taken modulo 256) give one byte; ``\\<48 65 6c>`` gives the bytes of the
    hex digits (spaces, comments and other characters ignored); any other escaped character is
    itself; a backslash at the very end is a backslash.

    ``out`` is a ``bytearray`` (:func:`unquote`: a byte is appended as is, an escaped character
    as its UTF-8 encoding) or a list of ``str`` (the front end's ``cp_unquote``,
    ``clickc.frontend.confparse``: a byte is appended as the character of that code, an escaped
    character as itself).
    """
    def put(v: int) -> None:
        if isinstance(out, bytearray):
            out.append(v & 0xFF)
        else:
            out.append(chr(v & 0xFF))

    def put_text(t: str) -> None:
        if isinstance(out, bytearray):
            out.extend(t.encode("utf-8", "surrogateescape"))
        else:
            out.append(t)

    if i == end - 1:
        put_text("\\")
        return end
    c = s[i + 1]
    if c == "\r":
        return i + 3 if i + 2 < end and s[i + 2] == "\n" else i + 2
    if c == "\n":
        return i + 2
    simple = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11}
    if c in simple:
        put(simple[c])
        return i + 2
    if "0" <= c <= "7":
        v = 0
        i += 1
        d = 0
        while i < end and "0" <= s[i] <= "7" and d < 3:
            v = v * 8 + ord(s[i]) - 48
            i += 1
            d += 1
        put(v)
        return i
    if c == "x":
        v = 0
        i += 2
        while i < end and is_xdigit(s[i]):
            v = v * 16 + int(s[i], 16)
            i += 1
        put(v)
        return i
    if c == "<":
        v = 0
        d = 0
        i += 2
        while i < end:
            ch = s[i]
            if ch == ">":
                return i + 1
            if is_xdigit(ch):
                v = v * 16 + int(ch, 16)
                d += 1
                if d == 2:
                    put(v)
                    v = d = 0
                i += 1
            elif _is_comment_start(s, i, end):
                i = skip_comment(s, i, end)
            else:
                i += 1
        return end
    put_text(c)
    return i + 2


def unquote(s: str) -> bytes:
    """Click's ``cp_unquote``: uncomment, then remove one level of quoting.

    ``"..."`` and ``'...'`` are replaced by their contents; backslash escapes are expanded inside
    double quotes (see :func:`process_backslash`) and ``\\<...>`` also outside quotes.  An
    unterminated quote runs to the end.  Returns bytes (UTF-8 for non-ASCII text).
    """
    x = cp_uncomment(s)
    end = len(x)
    out = bytearray()
    start = 0
    state = ""
    i = 0
    while i < end:
        c = x[i]
        if c in "\"'":
            if state == "":
                out += x[start:i].encode("utf-8", "surrogateescape")
                start = i + 1
                state = c
            elif state == c:
                out += x[start:i].encode("utf-8", "surrogateescape")
                start = i + 1
                state = ""
        elif c == "\\" and i + 1 < end and (state == '"' or (state == "" and x[i + 1] == "<")):
            out += x[start:i].encode("utf-8", "surrogateescape")
            start = process_backslash(x, i, end, out)
            i = start
            continue
        m = _UNQUOTE_PLAIN.match(x, i + 1)
        i = m.end() if m else i + 1
    out += x[start:].encode("utf-8", "surrogateescape")
    return bytes(out)


def word_end(s: str) -> int:
    """Index of the first unquoted white space of ``s`` (or ``len(s)``): where the word
    Click's ``cp_string`` reads ends."""
    end = len(s)
    i = 0
    while i < end and s[i] not in SPACE:
        i = skip_word_unit(s, i, end)
    return i


def parse_string(s: str) -> bytes | None:
    """Click's ``cp_string`` without a rest: one possibly-quoted word, unquoted.

    The text must be non-empty and contain no unquoted white space; returns None otherwise.
    """
    i = word_end(s)
    if i == 0 or i != len(s):
        return None
    return unquote(s)


def shift_string(s: str) -> tuple[bytes, str] | None:
    """Click's ``cp_string`` with a rest: (first unquoted word, text from the space after it)."""
    i = word_end(s)
    if i == 0:
        return None
    return unquote(_sub(s, 0, i)), _sub(s, i, len(s))


def is_word(b: bytes) -> bool:
    """Click's ``cp_is_word``: non-empty, printable ASCII, no quotes, backslash or comma."""
    return len(b) > 0 and all(32 < c < 127 and c not in b"\"'\\," for c in b)


def parse_word(s: str) -> str | None:
    """Click's ``cp_word``: a string (as :func:`parse_string`) that unquotes to a word."""
    b = parse_string(s)
    if b is None or not is_word(b):
        return None
    return b.decode("ascii")


def parse_keyword(s: str) -> str | None:
    """Click's ``cp_keyword``: characters ``[A-Za-z0-9_.:?!]`` only, non-empty, no quotes."""
    if not s or not all(is_alnum(c) or c in _KEYWORD_PUNCT for c in s):
        return None
    return s


def keyword_length(arg: str) -> int:
    """Length of the keyword that starts ``arg``, or 0 if ``arg`` is positional.

    Click's rule (``Args::reset_from``): an argument has a keyword when it starts with a letter or
    underscore followed by letters, digits and ``_ : . ? !``, then white space, then at least one
    more character.  ``"CAPACITY 5"`` has a keyword; ``"CAPACITY"``, ``"CAPACITY  "`` and
    ``"1.2.3.4 x"`` do not.  Case does not matter here (``"capacity 5"`` has keyword
    ``capacity``, which then matches no argument).
    """
    n = len(arg)
    m = _KEYWORD_RUN.match(arg)
    s = m.end() if m else 0
    t = skip_space(arg, s, n)
    if s == 0 or s == t or t == n:
        return 0
    return s
