"""Context-sensitive parts of the Click lexer: :class:`ClickContextLexer`, the generated
ClickLexer with the methods its actions call.

grammar/Click.g4's actions (``self._lparen();`` ...) delegate three things here (so they are
typed and linted; grammar/cpp/click_context_lexer.h is the same for the C++ parser):

* ``next_token``: remembers the last default-channel tokens and which ``{``/``(`` are open, so
  that ``lparen`` can tell a configuration string from an element group;
* ``lparen``: after an element or class name, an anonymous compound ``{...}``, a group
  ``(...)`` or ``require``/``define``/``provide``, a ``(`` starts a configuration string that is
  read to the balanced ``)`` exactly as LexerT::lex_config (Click tools/lib/lexert.cc) reads it:
  parentheses inside quotes, comments and ``\\<...>`` data do not count, and ``#`` line
  directives at the start of a line are processed and removed;
* ``directive``: ``# N "file"`` / ``#line N "file"`` (process_line_directive in lexert.cc).

The lexer object gets three attributes: ``directives`` (list of (physical line of the
directive, new line number, new file or None)), ``lexerrors`` (list of (physical line,
message)) and private state.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from clickc.grammar.gen.ClickLexer import ClickLexer
from clickc.grammar.gen.ClickParser import ClickParser

from .confparse import cp_unquote

_DIRECTIVE = re.compile(r'#[ \t]*(?:line[ \t]+)?([0-9]+)[ \t]*("(?:[^"\\\n]|\\.)*"?)?')

#: The text that ends a comment, by the character after its opening "/".
_COMMENT_CLOSE = {"/": "\n", "*": "*/"}


def _init(lx: Any) -> None:
    if not hasattr(lx, "directives"):

        lx.CONFIG = ClickParser.CONFIG
        lx.directives = []
        lx.lexerrors = []
        lx.nonentry = set()
        lx._click_prev = [0, 0, 0]
        lx._click_braces = []
        lx._click_parens = 0
        lx._click_after_close = False


def next_token(lx: Any, base: Callable[[], Any]) -> Any:
    """Lex one token with ``base`` and update the context used by :func:`lparen`."""
    _init(lx)
    tok = base()
    if tok.channel == 0:
        t = tok.type
        prev = lx._click_prev
        lx._click_after_close = False
        if t == lx.LBRACE:
            lx._click_braces.append(prev[2] == lx.IDENT and prev[1] == lx.ELEMENTCLASS)
        elif t == lx.RBRACE:
            lx._click_after_close = bool(lx._click_braces) and not lx._click_braces.pop()
        elif t == lx.LPAREN:
            lx._click_parens += 1
        elif t == lx.RPAREN and prev[2] != lx.CONFIG and lx._click_parens:
            lx._click_parens -= 1
            lx._click_after_close = True
        prev[0], prev[1], prev[2] = prev[1], prev[2], t
    return tok


def _config_allowed(lx: Any) -> bool:
    p = lx._click_prev
    if p[2] == lx.IDENT:
        # not the class name nor the synonym target of an 'elementclass' statement
        return bool(p[1] != lx.ELEMENTCLASS
                    and not (p[1] == lx.IDENT and p[0] == lx.ELEMENTCLASS))
    if p[2] in (lx.REQUIRE, lx.DEFINE, lx.PROVIDE):
        return True
    if p[2] in (lx.RBRACE, lx.RPAREN):
        return bool(lx._click_after_close)
    return False


def comment(lx: Any, text: str, line: int) -> None:
    """A comment starting on physical ``line``: the lines its newlines start get no entry in
    Click's landmark table (Click records a line only when its newline is lexed as space)."""
    _init(lx)
    n = text.count("\n")
    for k in range(1, n + 1):
        lx.nonentry.add(line + k)


def directive_token(lx: Any) -> None:
    """Action of the DIRECTIVE rule ('#' to the end of the line)."""
    _init(lx)
    if lx._tokenStartColumn != 0:
        # not at the start of a line: just the character '#'
        lx._input.seek(lx._tokenStartCharIndex + 1)
        lx._interp.column = lx._tokenStartColumn + 1
        lx.type = lx.OTHER
        return
    directive(lx, lx.text, lx.line)
    lx.skip()


def directive(lx: Any, text: str, line: int) -> bool:
    """Record the line directive ``text`` found on physical ``line``; False if unknown."""
    _init(lx)
    m = _DIRECTIVE.match(text)
    if not m:
        lx.lexerrors.append((line, "unknown preprocessor directive"))
        lx.nonentry.add(line + 1)   # Click skips the rest of the line with its newline
        return False
    fname = None
    if m.group(2):
        q = m.group(2)
        if len(q) == 1 or not q.endswith('"') or q.endswith('\\"'):
            q += '"'
        fname = cp_unquote(q)
    lx.directives.append((line, int(m.group(1)), fname))
    return True


def _skip_angle(data: str, i: int, n: int) -> int:
    while i < n:
        c = data[i]
        if c == "/" and i + 1 < n and data[i + 1] == "/":
            j = data.find("\n", i + 2)
            i = n if j < 0 else j + 1
        elif c == "/" and i + 1 < n and data[i + 1] == "*":
            j = data.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == ">":
            return i + 1
        else:
            i += 1
    return n


#: Runs of characters a quoted string passes over one by one, by its quote character.
_QUOTE_PLAIN = {'"': re.compile(r'[^"\\]+'), "'": re.compile(r"[^']+")}


def _skip_quote(data: str, i: int, endc: str, n: int, escaped_nl: list[int] | None = None) -> int:
    plain = _QUOTE_PLAIN[endc]
    while i < n:
        m = plain.match(data, i, n)
        if m is not None:
            i = m.end()
            if i >= n:
                break
        c = data[i]
        if c == "\\" and endc == '"' and i + 1 < n:
            if data[i + 1] == "\n" and escaped_nl is not None:
                escaped_nl.append(i + 1)
            i = _skip_angle(data, i + 2, n) if data[i + 1] == "<" else i + 2
        elif c == endc:
            return i + 1
        else:
            i += 1
    return n


def _logical(lx: Any, line: int) -> int:
    """The line number Click has for physical ``line`` under the directives seen so far."""
    for d, number, _ in reversed(lx.directives):
        if d < line:
            return int(number) + line - int(d) - 1
    return line


def _skipped(lx: Any, data: str, start: int, i: int, j: int) -> None:
    """Newlines in data[i:j] (a comment or quote inside a config) get no landmark entry."""
    k = data.count("\n", i, j)
    if k:
        base = lx.line + data.count("\n", start, i)
        for m in range(1, k + 1):
            lx.nonentry.add(base + m)


_SPECIAL = re.compile(r"[()#/\"'\\]")


def lparen(lx: Any) -> None:
    """Action of the LPAREN rule: turn the token into a CONFIG token when a config may start."""
    _init(lx)
    p = lx._click_prev
    if p[2] == lx.RPAREN and p[1] == lx.CONFIG:
        lx.type = lx.OTHER   # 'X(a)(b)': Click reports a syntax error at the second '('
        return
    if not _config_allowed(lx):
        return
    inp = lx._input
    data: str = inp.strdata
    n = len(data)
    start = inp.index
    i = start
    depth = 1
    out: list[str] = []
    seg = i
    while i < n:
        m = _SPECIAL.search(data, i)
        if m is None:
            i = n
            break
        i = m.start()
        c = data[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        elif c == "#":
            if i > 0 and data[i - 1] == "\n":
                out.append(data[seg:i])
                j = data.find("\n", i)
                j = n if j < 0 else j
                line = lx.line + data.count("\n", start, i)
                # a valid directive keeps its newline; an unknown one is dropped with it
                seg = j if directive(lx, data[i:j], line) else j + 1
                i = j
                continue
        elif c == "/":
            # a // comment runs through its newline, a /* comment through */ (or to the end)
            close = _COMMENT_CLOSE.get(data[i + 1]) if i + 1 < n else None
            if close is not None:
                j = data.find(close, i + 2)
                j = n if j < 0 else j + len(close)
                _skipped(lx, data, start, i, j)
                i = j
                continue
        elif c == '"' or c == "'":
            escaped: list[int] = []
            j = _skip_quote(data, i + 1, c, n, escaped)
            _skipped(lx, data, start, i, j)
            for pos in escaped:
                # Click's skip_quote steps over a backslash-newline without counting the line,
                # so every later line number is one less; record that as a line directive
                d = lx.line + data.count("\n", start, pos + 1)
                lx.directives.append((d, _logical(lx, d), None))
            i = j
            continue
        elif c == "\\":
            if i + 1 < n and data[i + 1] == "<":
                j = _skip_angle(data, i + 2, n)
                _skipped(lx, data, start, i, j)
                i = j
                continue
        i += 1
    i = min(i, n)
    out.append(data[seg:i])
    # advance the input (the lexer's line counter follows) up to the closing ')'
    nl = data.count("\n", start, i)
    if nl:
        lx._interp.line += nl
        lx._interp.column = i - (data.rfind("\n", start, i) + 1)
    else:
        lx._interp.column += i - start
    inp.seek(i)
    lx.type = lx.CONFIG
    lx.text = "".join(out)


class ClickContextLexer(ClickLexer):  # type: ignore[misc]
    """The generated ClickLexer with the context-sensitive methods its actions call
    (grammar/Click.g4): :func:`next_token`, :func:`lparen`, :func:`comment` and
    :func:`directive_token`."""

    def nextToken(self) -> Any:
        """The next token, keeping the context :func:`lparen` decides with."""
        return next_token(self, super().nextToken)

    def _lparen(self) -> None:
        lparen(self)

    def _comment(self) -> None:
        comment(self, self.text, self._tokenStartLine)

    def _directive(self) -> None:
        directive_token(self)
