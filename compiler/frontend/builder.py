"""Parse tree -> unflattened router: Click's semantic actions, replayed over the ANTLR tree.

The grammar (grammar/Click.g4) only gives structure.  Everything Click decides while it parses
-- element numbering and anonymous names (``Class@N``), which identifiers are classes, implicit
``input``/``output`` ports in compounds and groups, the spreading of ``a, b :: C(cfg)``, port
lists and ranges, ``=>`` and expandable ports, compound classes with formals and overloads,
``define``, ``require`` (and ``require(library FILE)``) -- is done here in the order Click's
tools lexer (tools/lib/lexert.cc: yelement, yconnection, ycompound, ygroup, yrequire, yvar)
does it, so the resulting :class:`~clickc.frontend.model.Router` is the RouterT Click builds.
Error messages use Click's wording.
"""

from __future__ import annotations

import bisect
import os
import re
import stat
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from typing import Any

from antlr4 import CommonTokenStream, InputStream, Token
from antlr4.error.ErrorListener import ErrorListener
from antlr4.error.ErrorStrategy import DefaultErrorStrategy
from antlr4.tree.Tree import TerminalNode
from clickc.grammar.gen.ClickParser import ClickParser

from ..errors import ErrorHandler, Landmark
from . import cparser
from .confparse import (
    cp_argvec,
    cp_quote,
    cp_shift_spacevec,
    cp_spacevec,
    cp_string,
    cp_unquote,
    cp_word,
)
from .lexsupport import ClickContextLexer
from .model import EClass, ElementT, Router, SynonymClass, redeclaration_error

P = ClickParser
_VAR_RE = re.compile(r"\$[A-Za-z0-9_]+\Z")
#: How deep groups and compounds may nest.  ANTLR's prediction costs time in proportion to
#: the nesting at each token inside it (1000 nested compounds took 12 s to check, 256 take 3 s;
#: docs/reliability.md).
MAX_NESTING = 256
#: The largest port number a connection may name.  Click's ports are C ints, and the front end
#: makes per-port tables (and lists for ranges like ``[0-9]``), so a number far beyond any real
#: element's ports would cost time and memory without meaning anything (docs/reliability.md).
MAX_PORT = 65535


class TextStream(InputStream):  # type: ignore[misc]
    """ANTLR's InputStream over the text itself: ANTLR's keeps a list of every character's
    code beside the text, 8 bytes a character and a 32-byte int object for each one above
    256 (a configuration string of non-UTF-8 bytes, kept as surrogates: 16 MiB of them took
    700 MB, docs/reliability.md); this one answers ``LA`` from the text."""

    def _loadString(self) -> None:
        self._index = 0
        self.data = self.strdata
        self._size = len(self.strdata)

    def LA(self, offset: int) -> int:
        """The code of the character ``offset`` characters ahead (1: the next one), as
        InputStream.LA; Token.EOF past the end."""
        if offset == 0:
            return 0
        if offset < 0:
            offset += 1
        pos = self._index + offset - 1
        if pos < 0 or pos >= self._size:
            return int(Token.EOF)
        return ord(self.strdata[pos])


class FileState:
    """One source file being read: its name, tokens, and line-directive map."""

    def __init__(self, filename: str, text: str, errh: ErrorHandler) -> None:
        self.filename = filename
        self.errh = errh
        self.text = text
        self.lexer = ClickContextLexer(TextStream(text))
        self.lexer.removeErrorListeners()
        self.stream = CommonTokenStream(self.lexer)
        self.parser = ClickParser(self.stream)
        self.parser.removeErrorListeners()
        self.parser.addErrorListener(_SyntaxErrors(self))
        self.parser._errHandler = _FastErrorStrategy()
        self._dir_lines: list[int] = []
        self._dir_map: list[tuple[int, int, str]] = []
        # landmark of each physical line asked for (Landmark is immutable: shared by the
        # elements and connections of a line); emptied when the directive map changes
        self._lm_cache: dict[int, Landmark] = {}
        # (token index, landmark, message): reported in source order during the walk
        self.syntax_errors: list[tuple[int, Landmark, str]] = []
        self.syntax_error_tokens: set[int] = set()   # tokens the parser reported at
        self.had_syntax_error = False

    def release(self) -> None:
        """Let the tokens go once the file is read: the parser, its token stream and this
        state (through the parser's error listener) form reference cycles, which kept every
        token alive until Python's cyclic garbage collector ran (paused while a large file is
        read, docs/reliability.md)."""
        self.parser.removeErrorListeners()
        self.stream.tokens = []

    def check_nesting(self) -> None:
        """Lex the whole file before parsing it, and refuse it at the first ``{`` or group
        ``(`` that opens more than MAX_NESTING levels: raises NestedTooDeeply (the error is
        reported), without lexing further.  ANTLR's prediction costs time in proportion to
        the nesting depth at every token, so a deeply nested file must not reach the parser
        (docs/reliability.md)."""
        stream, toks = self.stream, self.stream.tokens
        depth = 0
        prev = Token.EOF
        while stream.fetch(1):
            t = toks[-1]
            kind = t.type
            if kind == P.LBRACE or kind == P.LPAREN:   # a '(' that starts a config is CONFIG
                depth += 1
                if depth > MAX_NESTING:
                    what = "compound element" if kind == P.LBRACE else "element group"
                    self.errh.error(self.tok_landmark(t),
                                    f"maximum {what} nesting depth exceeded")
                    raise NestedTooDeeply()
            elif (kind == P.RBRACE or (kind == P.RPAREN and prev != P.CONFIG)) and depth:
                depth -= 1
            prev = kind

    def parse(self) -> Any:
        """Parse the whole file; syntax errors go to ``errh``.  Raises NestedTooDeeply
        (reported) for a file nested more than MAX_NESTING levels deep."""
        from antlr4.atn.PredictionMode import PredictionMode

        fast = cparser.parse(self.text, MAX_NESTING, self.parser)
        if fast is not None:
            # the C++ parser (compiler/frontend/cparser.py) read a text without errors
            toks, tree, directives, nonentry, lexerrors = fast
            self.stream.tokens = toks
            self.stream.index = 0
            self.stream.fetchedEOF = True
            lx = self.lexer
            lx.directives = [(line, number, None if q is None else cp_unquote(q))
                             for line, number, q in directives]
            lx.nonentry = set(nonentry)
            lx.lexerrors = lexerrors
            self.text = ""
            return self._finish_parse(tree)
        self.text = ""
        self.check_nesting()
        self.parser._interp.predictionMode = PredictionMode.SLL
        tree = self.parser.config()
        if self.had_syntax_error:
            # parse again with ANTLR's full recovery (per-loop sync), which finds more of the
            # errors after the first one, as Click reports them all
            self.syntax_errors.clear()
            self.syntax_error_tokens.clear()
            self.stream.seek(0)
            self.parser.reset()
            self.parser._errHandler = DefaultErrorStrategy()
            tree = self.parser.config()
        self.stream.fill()
        return self._finish_parse(tree)

    def _finish_parse(self, tree: Any) -> Any:
        self._build_map()
        lexerrs = [(line, msg) for line, msg in getattr(self.lexer, "lexerrors", [])]
        toks = self.stream.tokens
        for line, msg in lexerrs:
            # index of the first token after the directive's line
            idx = next((t.tokenIndex for t in toks if t.line > line), 1 << 60)
            self.syntax_errors.append((idx, self.landmark(line), msg))
        self.syntax_errors.sort(key=lambda x: x[0])
        return tree

    def flush_errors(self, upto: int) -> None:
        """Report the syntax errors found before token index ``upto``."""
        while self.syntax_errors and self.syntax_errors[0][0] < upto:
            _, lm, msg = self.syntax_errors.pop(0)
            self.errh.error(lm, msg)

    def _build_map(self) -> None:
        self._dir_lines = []
        self._dir_map = []
        self._lm_cache = {}
        fname = self.filename
        for line, number, f in getattr(self.lexer, "directives", []):
            if f is not None:
                fname = f if f else self.filename
            self._dir_lines.append(line)
            self._dir_map.append((line, number, fname))

    def landmark(self, line: int) -> Landmark:
        """The (file, line) landmark of physical ``line``, through ``#line`` directives."""
        if not self._dir_lines:
            directives = getattr(self.lexer, "directives", [])
            if directives and len(directives) != len(self._dir_map):
                self._build_map()
        lm = self._lm_cache.get(line)
        if lm is None:
            i = bisect.bisect_left(self._dir_lines, line) - 1
            if i < 0:
                lm = Landmark(self.filename, line)
            else:
                d, n, f = self._dir_map[i]
                lm = Landmark(f, n + line - d - 1)
            self._lm_cache[line] = lm
        return lm

    def tok_landmark(self, tok: Token | None) -> Landmark:
        """Landmark of ``tok``'s line (accurate; used for errors)."""
        return self.landmark(tok.line if tok is not None else 0)

    def decl_landmark(self, tok: Token | None) -> Landmark:
        """The landmark Click records for a declaration at ``tok``.

        Its ``line`` is ``tok``'s line, as Click's driver (lib/lexer.cc) records it.  Click's
        tools lexer (tools/lib/lexert.cc) differs: its landmark table (LandmarkSetT) only gets
        a new line when a newline is lexed as white space, so a line that follows a ``//``
        comment (or a newline inside a comment or a quoted string) gets the number of the last
        recorded line.  That landmark goes in ``tools`` when it differs, so that ``clickc
        flatten`` prints click-flatten's ``# LINE`` directives (:meth:`Landmark.for_tools`)."""
        real = tok.line if tok is not None else 0
        p = real
        nonentry = getattr(self.lexer, "nonentry", ())
        while p > 1 and p in nonentry:
            p -= 1
        lm = self.landmark(real)
        if p == real:
            return lm
        return Landmark(lm.file, lm.line, self.landmark(p))


class NestedTooDeeply(Exception):
    """A file nested more than MAX_NESTING levels deep was refused (the error is reported)."""


class _FastErrorStrategy(DefaultErrorStrategy):  # type: ignore[misc]
    """ANTLR's default recovery without the per-loop ``sync`` look-ahead check, which costs a
    third of the parse time in the Python runtime; errors are still detected (and recovered
    from) when a token fails to match or no alternative predicts."""

    def sync(self, recognizer: Any) -> None:
        return


def _innermost_open(recognizer: Any) -> str:
    """'}' or ')' for the innermost compound or group being parsed, else ''."""
    ctx = getattr(recognizer, "_ctx", None)
    while ctx is not None:
        if isinstance(ctx, P.CompoundContext):
            return "}"
        if isinstance(ctx, P.GroupContext):
            return ")"
        ctx = ctx.parentCtx
    return ""


def _unlink_tree(tree: Any) -> None:
    """Drop the child lists of the parse tree ``tree`` once its statements are run: each node
    refers to its parent and its parent to it, so the tree (about 20 objects an element) was
    freed only by Python's cyclic garbage collector, paused while a large file is read and
    walking every live object when it runs (docs/reliability.md)."""
    todo: list[Any] = [tree]
    pop, push = todo.pop, todo.extend
    while todo:
        kids = getattr(pop(), "children", None)   # a leaf (TerminalNode) has none
        if kids:
            push(kids)
            kids.clear()


class _SyntaxErrors(ErrorListener):  # type: ignore[misc]
    def __init__(self, fs: FileState) -> None:
        self.fs = fs

    def syntaxError(self, recognizer: Any, offendingSymbol: Any, line: int, column: int,
                    msg: str, e: Any) -> None:
        # ANTLR says "missing X at Y" when one token would repair the input: Click's expect()
        # wording is "expected X"; everything else is Click's "syntax error near 'TOKEN'".
        self.fs._build_map()
        tok = offendingSymbol
        m = re.match(r"missing (\S+|'[^']*') at", msg)
        if m:
            text = f"expected {m.group(1)}"
        elif tok is None or tok.type == Token.EOF:
            exp = msg.partition("expecting")[2]
            inner = _innermost_open(recognizer)
            if "'}'" in exp or (not exp and inner == "}"):
                text = "expected '}'"
            elif "')'" in exp or (not exp and inner == ")"):
                text = "expected ')'"
            else:
                text = "syntax error near ''"
        elif msg.endswith("expecting CONFIG"):
            text = "expected '('"
        elif msg.endswith("expecting {',', '|'}") or msg.endswith("expecting '|'"):
            text = "expected ',' or '|'"
        elif tok.type == P.VARIABLE:
            text = f"syntax error near '{tok.text[1:]}'"
        else:
            text = f"syntax error near '{tok.text}'"
        index = tok.tokenIndex if tok is not None else 1 << 60
        self.fs.syntax_errors.append((index, self.fs.landmark(line), text))
        self.fs.syntax_error_tokens.add(index)
        self.fs.had_syntax_error = True


@dataclass
class Grp:
    """One element reference in a connection: element index and its port lists.

    A trailing ``-1`` in a port list marks an expandable port (``[]`` or ``[n,]``)."""

    eidx: int
    ins: list[int] = field(default_factory=list)
    outs: list[int] = field(default_factory=list)


@dataclass
class _EState:
    name: str
    type: EClass | None
    bare: bool
    tok: Token
    decl_type: EClass | None = None
    config: str = ""


def _strtol_port(s: str) -> int | None:
    """Parse a port number like C ``strtol(s, &end, 0)``; None unless all of ``s`` is used."""
    if not s or not s[0].isdigit():
        return None
    if s[:2] in ("0x", "0X"):
        digits, base = s[2:], 16
    elif s[0] == "0" and len(s) > 1:
        digits, base = s[1:], 8
    else:
        digits, base = s, 10
    try:
        return int(digits, base) if digits else 0
    except ValueError:
        return None


#: The largest file ``require(library FILE)`` reads (bytes; docs/reliability.md).
MAX_LIBRARY_BYTES = 64 << 20


def read_library(path: str) -> str:
    """The text of a ``require(library FILE)`` file (bytes beyond UTF-8 kept as surrogates).

    Raises OSError when it cannot be read, ValueError when it is not a regular file (a device
    such as /dev/zero, a FIFO) or larger than MAX_LIBRARY_BYTES.
    """
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        data = f.read(MAX_LIBRARY_BYTES + 1)
    if len(data) > MAX_LIBRARY_BYTES:
        raise ValueError(f"larger than {MAX_LIBRARY_BYTES >> 20} MiB")
    return data.decode("utf-8", "surrogateescape")


def clickpath_find_file(filename: str, subdir: str, default_path: str) -> str | None:
    """Find ``filename`` like Click's clickpath_find_file (lib/userutils.cc).

    Each CLICKPATH directory D is searched as D/SUBDIR/click/F, D/SUBDIR/F, D/F; an empty
    CLICKPATH component (or no CLICKPATH) means ``default_path`` (searched as D/F)."""
    if filename.startswith("/"):
        return filename
    path = os.environ.get("CLICKPATH", "")
    default: str | None = default_path
    for d in path.split(":"):
        cands: list[str] = []
        if not d and default:
            cands = [os.path.join(x, filename) for x in default.split(":") if x]
            default = None
        elif d:
            cands = [os.path.join(d, subdir, "click", filename), os.path.join(d, subdir, filename),
                     os.path.join(d, filename)]
        for c in cands:
            if os.path.isfile(c):
                return c
    return None


class Builder:
    """Builds the unflattened :class:`Router` from one or more parsed files."""

    def __init__(self, errh: ErrorHandler, classes: Container[str] | None = None) -> None:
        self.errh = errh
        self.classes = classes
        self.router = Router(top=True)
        self.base_types: dict[str, EClass] = {}
        self.anonymous_offset = 0
        self.anonymous_class_count = 0
        self.group_depth = 0
        self.compound_depth = 0
        self.ngroups = 0
        self.last_connection_ends_output = True
        self.libraries: list[str] = []
        self.file: FileState | None = None

    # -- errors and landmarks ----------------------------------------------------------------
    def lm(self, tok: Token | None) -> Landmark:
        """The error landmark of ``tok`` in the current file."""
        assert self.file is not None
        return self.file.tok_landmark(tok)

    def dlm(self, tok: Token | None) -> Landmark:
        """The declaration landmark of ``tok`` in the current file (Click's line table)."""
        assert self.file is not None
        return self.file.decl_landmark(tok)

    def error(self, tok: Token | None, msg: str) -> None:
        """Report ``msg`` at ``tok``; extra lines of a multi-line message follow as context lines,
        as Click prints them."""
        first, *rest = msg.split("\n")
        lm = self.lm(tok)
        self.errh.error(lm, first)
        for r in rest:
            self.errh.message(lm, r)

    # -- files -------------------------------------------------------------------------------
    def read(self, text: str, filename: str) -> None:
        """Parse ``text`` (from ``filename``) and run its statements in the current router."""
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        old = self.file
        fs = FileState(filename, text, self.errh)
        self.file = fs
        try:
            try:
                tree = fs.parse()
            except NestedTooDeeply:
                return
            self.statements(tree.statement())
            fs.flush_errors(1 << 62)
            if old is None and self.classes is not None:
                # Click's driver resolves compound classes after reading the file: their
                # errors carry its lexer's last position
                self.router.driver_landmark = fs.landmark(text.count("\n") + 1)
            _unlink_tree(tree)
        finally:
            self.file = old
            fs.release()

    # -- element types -----------------------------------------------------------------------
    def element_type(self, name: str) -> EClass | None:
        """The class called ``name`` here: declared (lexically scoped) or already used as a
        primitive class, else None (LexerT::element_type)."""
        t = self.router.declared_type(name)
        if t is None:
            t = self.base_types.get(name)
            if t is None and self.classes is not None and name in self.classes:
                t = self.base_types[name] = EClass(name)
        return t

    def element_type_at(self, router: Router, name: str) -> EClass | None:
        """:meth:`element_type` with ``router`` as the current router."""
        old, self.router = self.router, router
        try:
            return self.element_type(name)
        finally:
            self.router = old

    def force_element_type(self, tok: Token, name: str | None = None,
                           report: bool = True) -> EClass:
        """The class called ``name``, creating a primitive class of that name if needed
        (LexerT::force_element_type)."""
        name = tok.text if name is None else name
        t = self.element_type(name)
        if t is None:
            if self.classes is not None:
                # Click's driver (Lexer::force_element_type): the new class is scoped, so one
                # made inside a compound is gone after it
                if report:
                    self.error(tok, f"unknown element class '{name}'")
                t = EClass(name)
                if self.compound_depth:
                    self.router.add_declared_type(t, False)
                else:
                    self.base_types[name] = t
                return t
            if self.router.eindex(name) >= 0:
                self.error(tok, f"'{name}' was previously used as an element name")
            t = self.base_types[name] = EClass(name)
        return t

    # -- elements ----------------------------------------------------------------------------
    def anon_element_name(self, class_name: str) -> str:
        """The provisional name ``;Class@N`` of a new anonymous element; N counts the router's
        elements (LexerT::anon_element_name)."""
        n = self.router.nelements() - self.anonymous_offset + 1
        return f";{class_name}@{n}"

    def make_element(self, name: str, tok: Token, etype: EClass, config: str) -> int:
        """Add (or find) element ``name`` in the current router; returns its index."""
        for comp in name.split("/"):
            if comp and comp.isdigit():
                self.error(tok, f"element name '{name}' has all-digit component")
                break
        e = self.router.get_element(name, etype, config, self.dlm(tok))
        return e.eindex

    def connect(self, e1: int, p1: int, p2: int, e2: int, tok: Token | None,
                stmt: Token | None = None) -> None:
        """Connect element ``e1`` output ``p1`` to element ``e2`` input ``p2`` (negative ports
        mean 0).  The landmark is ``tok``'s line (Click's driver); Click's tools give every
        connection of a statement the line of the statement's first token ``stmt``, through
        their line table (tools/lib/lexert.cc yconnection), which goes in ``tools``."""
        r = self.router
        lm = self.lm(tok)
        if stmt is not None:
            tools = self.dlm(stmt).for_tools()
            if tools != lm:
                lm = Landmark(lm.file, lm.line, tools)
        r.add_connection((r.elements[e1], max(p1, 0)), (r.elements[e2], max(p2, 0)), lm)

    # -- statements --------------------------------------------------------------------------
    def statements(self, stmts: Sequence[Any]) -> None:
        """Run statements in order; a statement that fails after a reported syntax error is
        skipped."""
        for st in stmts:
            if self.file is not None and st.start is not None:
                self.file.flush_errors(st.start.tokenIndex)
            try:
                self.statement(st)
            except _Abandon:
                continue
            except (AttributeError, TypeError, IndexError, AssertionError):
                # ANTLR's error recovery can leave incomplete subtrees; after a reported
                # syntax error such a statement is skipped, otherwise it is a bug
                if self.file is None or not self.file.had_syntax_error:
                    raise

    def statement(self, st: Any) -> None:
        """One statement (LexerT::ystatement)."""
        c = st.getChild(0) if st.getChildCount() else None
        if isinstance(c, P.ConnectionContext):
            self.yconnection(c)
        elif isinstance(c, P.ElementclassStmtContext):
            self.yelementclass(c)
        elif isinstance(c, P.RequireStmtContext):
            self.yrequire(c)
        elif isinstance(c, P.DefineStmtContext):
            self.ydefine(c)

    # -- ports -------------------------------------------------------------------------------
    def yport(self, ctx: Any) -> list[int]:
        """Click's yport: port numbers, ranges ``a-b``, lists, ``[]`` (expandable)."""
        ports: list[int] = []
        if ctx is None:
            return ports
        toks = [ch.start if isinstance(ch, P.PortNumberContext) else ch.symbol
                for ch in list(ctx.getChildren())[1:]]
        last_port = -1
        dash = False
        i = 0
        n = len(toks)
        while i < n:
            t = toks[i]
            i += 1
            if t.type == P.IDENT:
                p = _strtol_port(t.text)
                if p is None:
                    self.error(t, "syntax error: port number should be integer")
                    p = 0
                elif p > MAX_PORT:
                    self.error(t, f"port number {t.text} too large (at most {MAX_PORT})")
                    p = 0
                if dash:
                    last_port += 1
                    while last_port <= p:
                        ports.append(last_port)
                        last_port += 1
                else:
                    ports.append(p)
                    last_port = p
            elif t.type == P.RBRACKET:
                if not ports:
                    ports.append(0)
                ports.append(-1)
                return ports
            else:
                self.error(t, "syntax error: expected port number")
                return ports
            if i >= n:
                break
            t = toks[i]
            i += 1
            if t.type == P.RBRACKET:
                return ports
            if t.type == P.MINUS and not dash:
                dash = True
            elif t.type == P.COMMA:
                dash = False
            else:
                self.error(t, "syntax error: expected ','")
                i -= 1
        return ports

    # -- element lists -----------------------------------------------------------------------
    def _nested(self) -> bool:
        return self.router.scope.depth > 0 or self.group_depth > 0

    def _driver_needs_element(self, t: Token | None = None) -> bool:
        """After a connector at the top level, Click's driver (Lexer::yelement_name) wants an
        element: ``a -> ;`` is a syntax error there, not in its tools.  False when the parser
        already reported a syntax error at ``t`` (the token after the connector)."""
        if self.classes is None or self._nested():
            return False
        assert self.file is not None
        return t is None or t.tokenIndex not in self.file.syntax_error_tokens

    def _implicit(self, t: Token | None, in_allowed: bool, has_ports: bool, first: bool) -> bool:
        nested = self._nested()
        kind = t.type if t is not None else Token.EOF
        if nested and kind in (P.ARROW, P.DARROW):
            implicit = not in_allowed and (has_ports or first)
            if implicit and not has_ports and not self.last_connection_ends_output \
                    and t is not None:
                # a warning that Click's tools print without a "warning:" prefix
                self.errh.message(self.lm(t), f"suggest 'input {t.text}' or '[0] {t.text}' to "
                                  "start connection")
            return implicit
        if nested and kind == P.COMMA:
            return has_ports
        if nested and kind != P.DCOLON:
            return in_allowed and (has_ports or first)
        return False

    def yelement(self, items: Sequence[Any], in_allowed: bool,
                 follow: Token | None) -> tuple[list[Grp] | None, bool]:
        """Click's yelement over one comma-separated list (``items`` may be empty).

        Returns (groups or None, consumed): None means "no element here"; ``consumed`` tells
        whether Click would have consumed the token ``follow`` (then it cannot restart a
        statement)."""
        states: list[_EState] = []
        res: list[Grp] = []
        any_implicit = any_ports = False
        if not items:
            if self._implicit(follow, in_allowed, False, True):
                name = "output" if in_allowed else "input"
                states.append(_EState(name, None, False, follow))
                res.append(Grp(-1))
                any_implicit = True
            elif in_allowed and not self._driver_needs_element(follow):
                return None, False
            else:
                ftext = follow.text if follow is not None and follow.type != Token.EOF else ""
                self.error(follow, f"syntax error near '{ftext}'")
                return None, True
        for k, item in enumerate(items):
            grp = Grp(-1)
            lead, rest = _element_parts(item)
            if lead is None and rest is None:
                raise _Abandon()   # only after a syntax error (already reported)
            grp.ins = self.yport(lead)
            if rest is None:
                sep = item.parentCtx.getChild(2 * k + 1)
                t = sep.symbol if sep is not None else follow
                if self._implicit(t, in_allowed, bool(grp.ins), k == 0):
                    any_implicit = True
                    name = "output" if in_allowed else "input"
                    if not in_allowed:
                        grp.ins, grp.outs = grp.outs, grp.ins
                    states.append(_EState(name, None, False, lead.start))
                    res.append(grp)
                    continue
                if grp.ins:
                    self.error(t, "stranded port ignored")
                if k == 0:
                    if in_allowed and not self._driver_needs_element(t):
                        return None, False
                    ttext = t.text if t is not None and t.type != Token.EOF else ""
                    self.error(t, f"syntax error near '{ttext}'")
                    return None, True
                break
            body, dcolon, cref, carg, rport = _rest_parts(rest)
            if body is None:
                raise _Abandon()
            b = body.getChild(0)
            tok = body.start
            etype: EClass | None
            if isinstance(b, P.CompoundContext):
                etype = self.ycompound("", b)
                name = etype.name
            elif isinstance(b, P.GroupContext):
                name = self.anon_element_name("")
                etype = None
                nports = self.ygroup(name, b)
                if not grp.ins:
                    grp.ins = list(range(nports[0]))
                grp.outs = list(range(nports[1]))
            else:
                name = tok.text
                etype = self.element_type(name)
            st = _EState(name, etype, isinstance(b, Token) or hasattr(b, "symbol"), tok)
            if dcolon is not None:
                if cref is None or not cref.getChildCount():
                    assert self.file is not None
                    after_dc = self.file.stream.tokens[dcolon.symbol.tokenIndex + 1]
                    if after_dc.type in (P.IDENT, P.LBRACE):
                        raise _Abandon()   # a class that failed to parse (error reported)
                    self.error(after_dc, "missing element type in declaration")
                    st.decl_type = self.force_element_type(tok)
                else:
                    c0 = cref.getChild(0)
                    if isinstance(c0, P.CompoundContext):
                        st.decl_type = self.ycompound("", c0)
                    else:
                        st.decl_type = self.force_element_type(cref.start)
                st.bare = False
            if carg is not None:
                if self.router.element(st.name) is not None:
                    self.error(carg.start, "configuration string ignored on element reference")
                ctok = carg.CONFIG()
                st.config = ctok.symbol.text if ctok is not None else ""
                st.bare = False
            if rport is not None:
                grp.outs = self.yport(rport)
            any_ports = any_ports or bool(grp.ins) or bool(grp.outs)
            states.append(st)
            res.append(grp)

        fkind = follow.type if follow is not None else Token.EOF
        if any_implicit and in_allowed and fkind in (P.ARROW, P.DARROW):
            self.error(follow, "implicit ports used in the middle of a chain")

        # 'a, b, c :: C(cfg)': spread class and configuration over a declaration list
        if (len(states) > 1 and not in_allowed and fkind not in (P.ARROW, P.DARROW)
                and not any_ports and not any_implicit):
            j = 0
            while j < len(states) - 1 and states[j].bare:
                j += 1
            lastst = states[-1]
            if j == len(states) - 1 and lastst.decl_type is not None:
                for s in states[:-1]:
                    s.decl_type = lastst.decl_type
                    s.config = lastst.config

        r = self.router
        for s, grp in zip(states, res, strict=True):
            idx = -1 if s.type is not None else r.eindex(s.name)
            if s.type is not None or idx < 0:
                if s.decl_type is not None and self.classes is not None:
                    if s.type is not None:   # Click's driver: at the name
                        self.error(s.tok, f"class '{s.name}' used as element name")
                elif s.decl_type is not None and (s.type is not None
                                                  or s.name == s.decl_type.name):
                    # Click's tools report at their lexer's position: after the look-ahead token
                    self.error(follow, f"class '{s.name}' used as element name")
                elif s.decl_type is None and s.type is None:
                    if self.classes is not None:
                        self.error(s.tok, f"undeclared element '{s.name}'")
                    s.type = self.force_element_type(s.tok, s.name, report=False)
                if s.type is not None:
                    s.name = self.anon_element_name(s.type.name)
                etype2 = s.type if s.type is not None else s.decl_type
                assert etype2 is not None
                grp.eidx = self.make_element(s.name, s.tok, etype2, s.config)
            else:
                if s.decl_type is not None and self.classes is not None:
                    # Click's driver (lib/lexer.cc yelement_next): at the name, its own wording
                    self.error(s.tok, f"redeclaration of element '{s.name}'")
                    self.errh.error(r.elements[idx].landmark,
                                    f"element '{s.name}' previously declared here")
                elif s.decl_type is not None:
                    redeclaration_error(self.errh, "element", s.name, self.lm(follow),
                                        r.elements[idx].landmark)
                grp.eidx = idx
        return res, False

    # -- connections -------------------------------------------------------------------------
    def check_useless(self, x: list[Grp] | None, isoutput: bool, tok: Token | None,
                      done: bool) -> None:
        """Report ports that cannot be used at the start or end of a chain
        (LexerT::yconnection_check_useless)."""
        for g in x or []:
            if g.outs if isoutput else g.ins:
                self.error(tok, "output ports ignored at end of chain" if isoutput
                           else "input ports ignored at start of chain")
                break
        if done:
            self.last_connection_ends_output = bool(
                x and len(x) == 1 and x[0].eidx == self.router.eindex("output"))

    def connect_all(self, outputs: list[Grp], inputs: list[Grp], connector: Token,
                    at: Token | None = None, stmt: Token | None = None) -> None:
        """Click's yconnection_connect_all: ports of two lists, with '=>' expansion; ``stmt``:
        the statement's first token (:meth:`connect`)."""
        if len(inputs) == 1 and len(outputs) == 1:
            gin, gout = inputs[0], outputs[0]
            if len(gin.ins) <= 1 and len(gout.outs) <= 1:
                # one element to one element, at most one port each: one connection (what
                # the general case below does for it, without its bookkeeping)
                self.connect(gout.eidx, gout.outs[0] if gout.outs else 0,
                             gin.ins[0] if gin.ins else 0, gin.eidx, connector, stmt)
                return

        def analyze(x: list[Grp], isoutput: bool) -> tuple[int, int]:
            minp = expandable = 0
            for g in x:
                pl = g.outs if isoutput else g.ins
                n = len(pl)
                if n <= 1:
                    minp += 1
                elif pl[-1] == -1:
                    minp += n - 1
                    expandable += 1
                else:
                    minp += n
            return minp, expandable

        vecs = (inputs, outputs)
        err_at = at if at is not None else connector
        minp = [0, 0]
        exp = [0, 0]
        minp[1], exp[1] = analyze(outputs, True)
        minp[0], exp[0] = analyze(inputs, False)
        double = connector.type == P.DARROW
        if exp[0] + exp[1] > 1:
            self.error(err_at, "at most one expandable port allowed per connection")
            exp[1 if minp[0] < minp[1] else 0] = 0
        if double:
            for k in (0, 1):
                first = vecs[k][0]
                if minp[k] == 1 and minp[1 - k] > 1 and not (first.outs if k else first.ins):
                    exp[k] = 1
        step = [minp[k] > 1 or bool(exp[k]) for k in (0, 1)]
        nexp = [minp[1 - k] - minp[k] if exp[k] else 0 for k in (0, 1)]
        if step[0] and step[1]:
            if not double:
                self.error(err_at, "syntax error: many-to-many connections require '=>'")
            if not exp[0] and not exp[1] and minp[0] != minp[1]:
                self.error(err_at, f"connection mismatch: {minp[1]} outputs connected to "
                           f"{minp[0]} inputs")
            elif not exp[0] and minp[0] < minp[1]:
                self.error(err_at, f"connection mismatch: {minp[1]} or more outputs "
                           f"connected to {minp[0]} inputs")
            elif not exp[1] and minp[1] < minp[0]:
                self.error(err_at, f"connection mismatch: {minp[1]} outputs connected to "
                           f"{minp[0]} or more inputs")
        elif not step[0] and not step[1]:
            step[0] = True
        it = [0, 0]
        ppos = [0, 0]
        port = [-1, -1]
        while it[0] < len(inputs) and it[1] < len(outputs):
            for k in (0, 1):
                if port[k] < 0:
                    g = vecs[k][it[k]]
                    pl = g.outs if k else g.ins
                    port[k] = pl[0] if pl else 0
            self.connect(outputs[it[1]].eidx, port[1], port[0], inputs[it[0]].eidx, connector,
                         stmt)
            for k in (0, 1):
                if not step[k]:
                    continue
                g = vecs[k][it[k]]
                pl = g.outs if k else g.ins
                np_ = len(pl)
                ppos[k] += 1
                if ppos[k] < np_ and pl[ppos[k]] >= 0:
                    port[k] = pl[ppos[k]]
                elif np_ and pl[-1] == -1 and nexp[k] > 0:
                    port[k] = pl[np_ - 2] + ppos[k] - (np_ - 2)
                    nexp[k] -= 1
                elif np_ == 0 and minp[k] == 1 and nexp[k] > 0:
                    port[k] = ppos[k]
                    nexp[k] -= 1
                else:
                    port[k] = -1
                    ppos[k] = 0
                    it[k] += 1

    def _follow(self, ctx: Any) -> Token | None:
        assert self.file is not None
        stop = ctx.stop
        if stop is None:
            return None
        idx = stop.tokenIndex + 1
        toks = self.file.stream.tokens
        return toks[idx] if idx < len(toks) else toks[-1]

    def yconnection(self, ctx: Any) -> None:
        """A connection statement (LexerT::yconnection), replayed over the chain's element lists
        and connectors."""
        # flatten the chain into slots (element lists, possibly empty) and connectors
        slots: list[list[Any]] = [[]]
        conns: list[Token] = []
        for ch in ctx.getChildren():
            if isinstance(ch, P.ConnectorContext):
                conns.append(ch.start)
                slots.append([])
            elif isinstance(ch, P.ElementsContext):
                slots[-1] = list(ch.element())
        after = self._follow(ctx)
        start: int | None = 0
        while start is not None and start < len(slots):
            start = self._chain(slots, conns, start, after)

    def _chain(self, slots: list[list[Any]], conns: list[Token], i: int,
               after: Token | None) -> int | None:
        """Run one Click connection statement starting at slot ``i``; the slot where the next
        statement starts (Click re-reads an unconsumed connector), or None at the end."""
        elements1: list[Grp] | None = None
        connector: Token | None = None
        stmt = slots[i][0].start if slots[i] else (conns[i] if i < len(conns) else None)
        while True:
            follow = conns[i] if i < len(conns) else after
            elements2, consumed = self.yelement(slots[i], elements1 is not None, follow)
            if elements2 is None:
                self.check_useless(elements1, True, follow, True)
                if i >= len(conns):
                    return None
                if consumed:
                    return i + 1
                slots[i] = []   # a stranded port was read; the connector is read again
                return i
            if elements1 is None:
                self.check_useless(elements2, False, follow, False)
            else:
                assert connector is not None
                self.connect_all(elements1, elements2, connector, follow, stmt)
            if i >= len(conns):
                self.check_useless(elements2, True, follow, True)
                return None
            connector = conns[i]
            elements1 = elements2
            i += 1

    # -- groups and compounds ----------------------------------------------------------------
    def ygroup(self, name: str, ctx: Any) -> tuple[int, int]:
        """An element group ``( ... )`` named ``name``: tunnels for its ports, its statements;
        returns its (inputs, outputs) (LexerT::ygroup)."""
        r = self.router
        open_tok = ctx.start
        lm = self.dlm(open_tok)
        if self.group_depth + self.compound_depth >= MAX_NESTING:
            self.error(open_tok, "maximum element group nesting depth exceeded")
            raise _Abandon()
        r.add_tunnel(name, name + "/input", lm, self.errh)
        r.add_tunnel(name + "/output", name, lm, self.errh)
        new_input = r.element(name + "/input")
        new_output = r.element(name + "/output")
        assert new_input is not None and new_output is not None
        old_input = r.map_element_name("input", new_input.eindex)
        old_output = r.map_element_name("output", new_output.eindex)
        self.group_depth += 1
        self.ngroups += 1
        self.last_connection_ends_output = True
        try:
            self.statements(ctx.statement())
        finally:
            self.group_depth -= 1
            r.map_element_name("input", old_input)
            r.map_element_name("output", old_output)
        printable = "<anonymous group>" if name.startswith(";") else name
        nin = r.check_pseudoelement(new_input, False, printable, self.errh, lm)
        nout = r.check_pseudoelement(new_output, True, printable, self.errh, lm)
        return nin, nout

    def ycompound(self, name: str, ctx: Any, name_tok: Token | None = None) -> Router:
        """A compound class ``{ ... || ... }``; ``name_tok`` is the class name of an
        ``elementclass`` statement (the first alternative's landmark, as in Click; later ones
        get the ``||`` before them)."""
        anonymous = not name
        printable = name
        if anonymous:
            self.anonymous_class_count += 1
            printable = f"<anonymous{self.anonymous_class_count}>"
        if self.group_depth + self.compound_depth >= MAX_NESTING:
            self.error(ctx.start, "maximum compound element nesting depth exceeded")
            raise _Abandon()
        old_router = self.router
        old_offset = self.anonymous_offset
        old_ngroups = self.ngroups
        first: Router | None = None
        last: Router | None = None
        extension: EClass | None = None
        bodies = list(ctx.compoundBody())
        self.compound_depth += 1
        try:
            for bi, body in enumerate(bodies):
                if body.ELLIPSIS() is not None:
                    dots = body.start
                    if self.classes is not None and (
                            anonymous or self.element_type_at(old_router, name) is None):
                        # Click's driver (Lexer::ycompound_next)
                        shown = "" if anonymous else name
                        self.error(dots, f"cannot extend unknown element class '{shown}'")
                        extension = EClass(shown)
                    elif anonymous:
                        self.error(dots, "cannot extend anonymous compound element class")
                        extension = self.base_types.setdefault("Error", EClass("Error"))
                    else:
                        self.router = old_router
                        extension = self.force_element_type(dots, name)
                    if first is None or bi != len(bodies) - 1:
                        self.error(dots, "'...' should occur last, after one or more compounds")
                    continue
                if bi == 0:
                    where = name_tok if name_tok is not None else ctx.start
                else:
                    where = ctx.getChild(2 * bi).symbol   # the '||' before this body
                cls = Router(name, self.dlm(where), old_router)
                cls.printable = printable
                self.router = cls
                self.anonymous_offset = 2
                self.ngroups = 0
                self.last_connection_ends_output = True
                self.ycompound_arguments(cls, body.formals())
                self.statements(body.statement())
                cls.finish_type(self.errh)
                if last is not None:
                    last.overload_type = cls
                else:
                    first = cls
                last = cls
        finally:
            self.compound_depth -= 1
            self.anonymous_offset = old_offset
            self.ngroups = old_ngroups
            self.router = old_router
        if first is None or last is None:
            first = last = Router(name, self.dlm(ctx.start), old_router)
            first.printable = printable
            first.finish_type(self.errh)
        if extension is not None:
            last.overload_type = extension
        old_router.add_declared_type(first, anonymous)
        return first

    def ycompound_arguments(self, cls: Router, formals: Any) -> None:
        """The formal parameters of a compound class and Click's checks of their order
        (LexerT::ycompound_arguments, ydefine)."""
        if formals is None:
            return
        scope_order_error = False
        for f in formals.formal():
            var = f.VARIABLE()
            if var is None:
                continue
            ident = f.IDENT()
            ftype = ident.symbol.text if ident is not None else ""
            fname = var.symbol.text[1:]
            tok = f.start
            if not cls.add_formal(fname, ftype):
                self.error(tok, f"parameter '${fname}' multiply defined")
                continue
            if ftype:
                for i in range(len(cls.formals) - 1):
                    if cls.formal_types[i] == ftype:
                        self.error(tok, f"repeated keyword parameter '{ftype}' in compound "
                                   "element")
                        break
            n = len(cls.formals)
            if (not scope_order_error and n > 1
                    and ((not ftype and cls.formal_types[n - 2])
                         or cls.formal_types[n - 2] == "__REST__")):
                self.error(tok, "compound element parameters out of order\n(The correct order "
                           "is '[positional], [keywords], [__REST__]'.)")
                scope_order_error = True

    def yelementclass(self, ctx: Any) -> None:
        """``elementclass NAME { ... }`` or ``elementclass NAME OTHER`` (LexerT::yelementclass)."""
        idents = ctx.IDENT()
        if not idents:
            self.error(ctx.start, "expected element type name")
            return
        tname = idents[0].symbol
        n = tname.text
        eclass_name = n
        if self.router.eindex(n) >= 0 and self.classes is None:
            # Click's tools only; its driver accepts the class
            self.error(tname, f"'{n}' already used as an element name")
            eclass_name = ""
        comp = ctx.compound()
        if comp is not None:
            self.ycompound(eclass_name, comp, tname)
        elif len(idents) > 1:
            ec = self.force_element_type(idents[1].symbol)
            if eclass_name:
                self.router.add_declared_type(SynonymClass(eclass_name, ec, self.router), False)

    # -- require and define ------------------------------------------------------------------
    def yrequire(self, ctx: Any) -> None:
        """``require(...)``: packages, compact_config, libraries (LexerT::yrequire)."""
        ctok = ctx.CONFIG()
        if ctok is None:
            return
        text = ctok.symbol.text
        # Click reports at its position after ')' and an optional ';'
        tok = ctx.RPAREN().symbol if ctx.RPAREN() is not None else ctok.symbol
        nxt = self._follow(ctx)
        if nxt is not None and nxt.type == P.SEMI:
            tok = nxt
        for arg in cp_argvec(text):
            words = cp_spacevec(arg)
            if not words:
                continue
            rtype = cp_word(words[0]) or ""
            if rtype and rtype not in ("compact_config", "package") and len(words) == 1:
                words.append(rtype)
                rtype = "package"
            value: str | None = ""
            if rtype == "compact_config" and len(words) == 1:
                pass
            elif rtype == "package" and len(words) == 2 and cp_string(words[1]) is not None:
                value = cp_string(words[1])
            elif rtype == "library" and len(words) == 2 and cp_string(words[1]) is not None:
                lib = cp_string(words[1])
                assert lib is not None
                self.yrequire_library(tok, lib)
                continue
            else:
                self.error(tok, "syntax error at requirement")
                continue
            self.router.requirements.append((rtype, value or ""))

    def yrequire_library(self, tok: Token, value: str) -> None:
        """``require(library FILE)``: read FILE's statements here, once
        (LexerT::yrequire_library)."""
        if self.router.scope.depth:
            self.error(tok, "'require library' must be used at file scope")
            return
        cur = self.lm(tok).file
        pos = cur.rfind("/")
        fn = clickpath_find_file(value, "conf", cur[:pos] if pos > 0 else ".")
        if fn is None:
            self.error(tok, f"library '{value}' not found in CLICKPATH/conf")
            return
        if fn in self.libraries:
            return
        self.libraries.append(fn)
        try:
            data = read_library(fn)
        except OSError as e:
            self.errh.error(self.lm(tok), f"{fn}: {e.strerror}")
            return
        except ValueError as e:
            self.errh.error(self.lm(tok), f"{fn}: {e}")
            return
        self.read(data, fn)

    def ydefine(self, ctx: Any) -> None:
        """``define($name value, ...)`` (LexerT::yvar)."""
        ctok = ctx.CONFIG()
        if ctok is None:
            return
        # Click reports at its position after the closing ')'
        tok = ctx.RPAREN().symbol if ctx.RPAREN() is not None else ctok.symbol
        for arg in cp_argvec(ctok.symbol.text):
            if not arg:
                continue
            var, rest = cp_shift_spacevec(arg)
            if not _VAR_RE.match(var):
                self.error(tok, "bad 'define' declaration: not a variable")
                continue
            if not self.router.define(var[1:], rest):
                # Click's driver names the variable with its '$', its tools without
                shown = var if self.classes is not None else var[1:]
                self.error(tok, f"parameter '{shown}' multiply defined")

    # -- completion --------------------------------------------------------------------------
    def finish(self, defines: dict[str, str] | None) -> Router:
        """Apply command-line definitions and name anonymous elements (LexerT::finish); returns
        the router."""
        r = self.router
        for k, v in (defines or {}).items():
            r.scope.define(k, v, True)
        r.assign_element_names()
        return r


def _element_parts(item: Any) -> tuple[Any, Any]:
    """An ``element`` context's ``port()`` and ``elementRest()`` (the first child of each
    kind, or None), in one pass over its children instead of one each (the builder's walk is
    most of reading a large configuration)."""
    lead = rest = None
    for ch in item.children or ():
        t = type(ch)
        if t is P.PortContext:
            if lead is None:
                lead = ch
        elif t is P.ElementRestContext:
            if rest is None:
                rest = ch
    return lead, rest


def _rest_parts(rest: Any) -> tuple[Any, Any, Any, Any, Any]:
    """An ``elementRest`` context's ``elementBody()``, ``DCOLON()``, ``classRef()``,
    ``configArg()`` and ``port()``, in one pass over its children (as :func:`_element_parts`)."""
    body = dcolon = cref = carg = port = None
    for ch in rest.children or ():
        t = type(ch)
        if t is P.ElementBodyContext:
            if body is None:
                body = ch
        elif t is P.ConfigArgContext:
            if carg is None:
                carg = ch
        elif t is P.PortContext:
            if port is None:
                port = ch
        elif t is P.ClassRefContext:
            if cref is None:
                cref = ch
        elif isinstance(ch, TerminalNode):
            if dcolon is None and ch.symbol.type == P.DCOLON:
                dcolon = ch
    return body, dcolon, cref, carg, port


class _Abandon(Exception):
    """Abandon the current statement (after an error was reported)."""


def requirement_strings(r: Router) -> list[str]:
    """``require`` entries in click-flatten's printed form (``package "x"``, ...)."""
    return [t + (" " + cp_quote(v) if v else "") for t, v in r.requirements]


__all__ = ["Builder", "ElementT", "FileState", "Grp", "clickpath_find_file",
           "requirement_strings"]
