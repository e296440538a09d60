"""Configuration-string helpers with Click's exact semantics.

Re-implementations (written for clickc, same behaviour) of the string functions of Click's
lib/confparse.cc that the front end needs: comment and quote skipping, ``cp_uncomment``,
``cp_unquote``, ``cp_quote``, ``cp_argvec`` (split at unquoted commas), ``cp_spacevec``,
``cp_word``/``cp_string``/``cp_keyword``, ``cp_assign_arguments`` (compound-element formals),
and ``cp_expand`` from lib/variableenv.cc (``$var``, ``${var}``, ``${var-default}``
substitution).  Strings are Python ``str``; positions are indexes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Click's comment/quote skipping, backslash escapes, cp_uncomment, cp_argvec, cp_spacevec and
# cp_shift_spacevec live once, in clickc.args.lexing (tested differentially against Click's own
# confparse.cc functions); they are re-exported here for the front end.
from ..args.lexing import (
    cp_argvec,
    cp_shift_spacevec,
    cp_spacevec,
    cp_uncomment,
    process_backslash,
    skip_comment_space,
    word_end,
)

__all__ = ["cp_argvec", "cp_shift_spacevec", "cp_spacevec", "cp_uncomment", "cp_unquote",
           "cp_quote", "cp_string", "cp_is_word", "cp_word", "cp_keyword",
           "cp_assign_arguments", "VariableEnvironment", "cp_expand"]

_SPACE = " \f\n\r\t\v"


def _isspace(c: str) -> bool:
    return c in _SPACE


_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def _isalnum(c: str) -> bool:
    return c in _ALNUM


#: Runs of characters that cp_unquote passes over one by one (a fast path), and keywords.
_UNQUOTE_PLAIN = re.compile(r"[^\"'\\]+")
_KEYWORD_RUN = re.compile(r"[A-Za-z0-9_.:?!]+")


def cp_unquote(s: str) -> str:
    """Remove one level of quoting (and comments) from ``s``, expanding backslash escapes."""
    x = cp_uncomment(s)
    end = len(x)
    out: list[str] = []
    start = 0
    quote = ""
    i = 0
    changed = False
    while i < end:
        c = x[i]
        if c in "\"'":
            if not quote:
                out.append(x[start:i])
                start = i + 1
                quote = c
                changed = True
            elif quote == c:
                out.append(x[start:i])
                start = i + 1
                quote = ""
        elif c == "\\" and i + 1 < end and (quote == '"' or (not quote and x[i + 1] == "<")):
            out.append(x[start:i])
            start = process_backslash(x, i, end, out)
            changed = True
            i = start
            continue
        m = _UNQUOTE_PLAIN.match(x, i + 1)
        i = m.end() if m else i + 1
    if not changed:
        return x
    out.append(x[start:])
    return "".join(out)


def cp_quote(s: str, allow_newlines: bool = False) -> str:
    """A double-quoted string that cp_unquote turns back into ``s``."""
    out = ['"']
    for c in s:
        if c in '\\"$':
            out.append("\\" + c)
        elif c == "\t":
            out.append("\\t")
        elif c == "\r":
            out.append("\\r")
        elif c == "\n":
            out.append(c if allow_newlines else "\\n")
        elif ord(c) < 32 or ord(c) >= 127:
            u = ord(c) & 255
            out.append("\\" + chr(48 + (u >> 6)) + chr(48 + ((u >> 3) & 7)) + chr(48 + (u & 7)))
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def cp_string(s: str) -> str | None:
    """The unquoted string if ``s`` is one word (quotes allowed), else None."""
    i = word_end(s)
    if i == 0 or i != len(s):
        return None
    return cp_unquote(s)


def cp_is_word(s: str) -> bool:
    """True if ``s`` is a non-empty run of printable ASCII other than quotes, backslash, comma."""
    return bool(s) and all(32 < ord(c) < 127 and c not in "\"'\\," for c in s)


def cp_word(s: str) -> str | None:
    """``cp_string`` restricted to results satisfying ``cp_is_word``."""
    w = cp_string(s)
    return w if w is not None and cp_is_word(w) else None


def cp_keyword(s: str) -> tuple[str, str] | None:
    """(keyword, rest) when ``s`` starts with a keyword ``[A-Za-z0-9_.:?!]+``, else None."""
    m = _KEYWORD_RUN.match(s)
    if m is None:
        return None
    i = m.end()
    if i < len(s) and s[i] not in _SPACE:
        return None
    return s[:i], s[i:].lstrip(_SPACE)


def cp_assign_arguments(args: Sequence[str], formal_types: Sequence[str]) -> list[str] | None:
    """Match ``args`` against compound formals; the values per formal, or None on mismatch.

    ``formal_types[i]`` is "" for a positional formal, a keyword, or ``__REST__`` (last only,
    collects the unused arguments joined by ", ").  Mirrors cp_assign_arguments/CpVaHelper in
    lib/confparse.cc: positionals first, then keywords (all mandatory), extra arguments are an
    error unless ``__REST__`` is present.
    """
    n = len(formal_types)
    if n == 0 or not formal_types[-1]:
        return list(args) if len(args) == n else None
    ignore_rest = formal_types[-1] == "__REST__"
    nvalues = n - 1 if ignore_rest else n
    npositional = 0
    while npositional < nvalues and formal_types[npositional] == "":
        npositional += 1
    values: list[str | None] = [None] * n
    used = [False] * len(args)
    npos_supplied = 0
    any_keywords = False
    keyword_error = False
    for i, a in enumerate(args):
        if npos_supplied >= npositional:
            kw = cp_keyword(a)
            slot = -1
            if kw is not None:
                for k in range(npositional, nvalues):
                    if formal_types[k] == kw[0]:
                        slot = k
                        break
            if slot >= 0:
                assert kw is not None
                values[slot] = kw[1]
                used[i] = True
                any_keywords = True
                continue
            if any_keywords:
                if not ignore_rest:
                    keyword_error = True
                continue
        if npos_supplied < npositional:
            used[i] = True
            values[npos_supplied] = a
        npos_supplied += 1
    if keyword_error:
        return None
    if any(values[k] is None for k in range(nvalues)):
        return None
    if npos_supplied > npositional and not ignore_rest:
        return None
    if ignore_rest:
        values[nvalues] = ", ".join(a for a, u in zip(args, used, strict=True) if not u)
    return [v if v is not None else "" for v in values]


#: The longest value a variable may expand to (characters).  Click's tools expand global
#: ``define``s one after another (RouterT::remove_compound_elements), so a chain of defines
#: that each repeat the previous one doubles per line; past this budget the configuration is
#: refused ("variable $NAME expands to more than ... MiB") instead of exhausting memory
#: (docs/reliability.md).  An inline route table of a full Internet table is about 15 MiB.
MAX_EXPANSION = 64 << 20


#: Characters of variable values that themselves hold ``$`` references which expansion may
#: scan again, in one environment tree (one flattening): bounds the time of chains of
#: ``define``s over references that stay unexpanded (docs/reliability.md).
MAX_RESCAN = 4 << 20


class ExpansionTooLarge(ValueError):
    """Raised by :func:`cp_expand` when a variable's value grows past MAX_EXPANSION, or the
    values it rescans past MAX_RESCAN; the front end reports it as a located error."""

    def __init__(self, name: str, rescan: bool = False) -> None:
        super().__init__(f"variable ${name}: more than {MAX_RESCAN >> 20} MiB of variable "
                         "references to expand" if rescan else
                         f"variable ${name} expands to more than {MAX_EXPANSION >> 20} MiB")
        self.name = name


class VariableEnvironment:
    """A scope of ``$name`` definitions with a parent chain (lib/variableenv.cc)."""

    def __init__(self, parent: VariableEnvironment | None = None) -> None:
        self.parent = parent
        self.depth: int = parent.depth + 1 if parent is not None else 0
        self.names: list[str] = []
        self.values: list[str] = []
        self.rescanned = 0   # the root's count against MAX_RESCAN

    def defines(self, name: str) -> bool:
        return name in self.names

    def define(self, name: str, value: str, override: bool) -> bool:
        """Define ``name``; returns False if it already existed (then replaced if override)."""
        if name in self.names:
            if override:
                self.values[self.names.index(name)] = value
            return False
        self.names.append(name)
        self.values.append(value)
        return True

    def parent_of(self, depth: int) -> VariableEnvironment | None:
        v: VariableEnvironment | None = self
        while v is not None and v.depth >= depth:
            v = v.parent
        return v

    def lookup(self, name: str) -> str | None:
        v: VariableEnvironment | None = self
        while v is not None:
            if name in v.names:
                return v.values[v.names.index(name)]
            v = v.parent
        return None

    def expand(self, var: str, vartype: str, depth: int) -> str | None:
        """The expansion of a variable reference, or None when it stays unexpanded."""
        v = var
        minus = -1
        space_index = -1
        if vartype == "{":
            end = len(var)
            s = 0
            while s < end and _isspace(var[s]):
                s += 1
            nb = s
            while s < end and (_isalnum(var[s]) or var[s] == "_"):
                s += 1
            ne = s
            while s < end and _isspace(var[s]):
                s += 1
            if s < end and var[s] == "[":
                t = s + 1
                while t < end and _isspace(var[t]):
                    t += 1
                u = t
                while u < end and var[u].isdigit():
                    u += 1
                if u > t and u < end and var[u] == "]":
                    space_index = int(var[t:u])
                    s = u + 1
                    while s < end and _isspace(var[s]):
                        s += 1
            if s < end and var[s] == "-":
                minus = s
            v = var[nb:ne]
        val = self.lookup(v)
        if val is not None:
            if val == "$" + v and space_index < 0:
                return val   # a variable kept as itself (flattening without --expand-vars)
            if "$" in val:
                root = self
                while root.parent is not None:
                    root = root.parent
                root.rescanned += len(val)
                if root.rescanned > MAX_RESCAN:
                    raise ExpansionTooLarge(v, rescan=True)
            value = cp_expand(val, self, False, depth + 1)
            if len(value) > MAX_EXPANSION:
                raise ExpansionTooLarge(v)
            if space_index >= 0:
                word = ""
                while space_index >= 0 and (value or word):
                    word, value = cp_shift_spacevec(value)
                    space_index -= 1
                return word
            return value
        if minus >= 0:
            return cp_expand(var[minus + 1:], self, False, depth + 1)
        return None


def _quote_state(state: str, c: str) -> str:
    """The quote state (``""`` outside quotes, else the open quote character) after the quote
    character ``c``: it opens a quote outside one and closes a quote it opened."""
    if not state:
        return c
    return "" if state == c else state


def cp_expand(config: str, env: VariableEnvironment, expand_quote: bool = False,
              depth: int = 0) -> str:
    """Substitute ``$var``, ``${var}``, ``${var-default}`` in ``config`` from ``env``.

    Variables inside single quotes are not expanded; inside double quotes the value is quoted.
    An undefined variable is left as written.  Mirrors cp_expand in lib/variableenv.cc.
    """
    if "$" not in config:
        return config
    end = len(config)
    out: list[str] = []
    total = 0  # characters substituted so far (against MAX_EXPANSION)
    unint = 0
    quote = ""
    s = 0
    while s < end:
        c = config[s]
        if c == "\\":
            if s + 1 < end and quote == '"':
                s += 1
        elif c in "'\"":
            quote = _quote_state(quote, c)
        elif c == "/":
            if s + 1 < end and config[s + 1] in "/*" and not quote:
                s = skip_comment_space(config, s, end) - 1
        elif c == "$":
            if s + 1 >= end or quote == "'" or depth > 10:
                s += 1
                continue
            before = s
            expand_vname = False
            nxt = config[s + 1]
            if nxt == "{":
                vtype = "{"
                s += 2
                cstart = s
                while s < end and config[s] != "}":
                    if config[s] == "$":
                        expand_vname = True
                    s += 1
                if s == end:
                    break
                vname = config[cstart:s]
                s += 1
            elif nxt == "(":
                vtype = "("
                level, nquote = 1, ""
                s += 2
                cstart = s
                while s < end and level:
                    ch = config[s]
                    if ch == "(" and not nquote:
                        level += 1
                    elif ch == ")" and not nquote:
                        level -= 1
                    elif ch in "\"'":
                        nquote = _quote_state(nquote, ch)
                    elif ch == "\\":
                        if s + 1 < end and nquote != "'":
                            s += 1
                    elif ch == "$" and nquote != "'":
                        expand_vname = True
                    s += 1
                if s == cstart or config[s - 1] != ")":
                    break
                vname = config[cstart:s - 1]
            elif _isalnum(nxt) or nxt == "_":
                vtype = "a"
                s += 1
                cstart = s
                while s < end and (_isalnum(config[s]) or config[s] == "_"):
                    s += 1
                vname = config[cstart:s]
            elif nxt in "?#$":
                vtype = "a"
                vname = nxt
                s += 2
            else:
                s += 1
                continue
            out.append(config[unint:before])
            if expand_vname:
                vname = cp_expand(vname, env, False, depth + 1)
            text = env.expand(vname, vtype, depth)
            unint = s
            if text is None:
                if expand_vname:
                    out.append(config[before] + config[before + 1] + vname + config[s - 1])
                else:
                    unint = before
            elif quote == '"' or (expand_quote and not quote):
                q = cp_quote(text)
                if q.startswith('"'):
                    q = q[1:-1]
                out.append(q if quote == '"' else '"' + q + '"')
            else:
                out.append(text)
            total += len(out[-1])
            if total > MAX_EXPANSION:
                raise ExpansionTooLarge(vname)
            continue
        s += 1
    # as in Click, an expansion that produced no text at all returns the input unchanged
    if not "".join(out):
        return config
    out.append(config[unint:min(s, end)])
    return "".join(out)
