"""The C++ parser (compiler/frontend/cparser.py) reads every configuration as the Python
parser does.

For every example, every configuration under tests/, Click's conf/ (when ``CLICK_SRC`` is set,
tests/oracle.py) and crafted texts for each context-sensitive rule of the lexer (configuration
strings, comments, quotes with escaped newlines, ``\\<...>`` data, line directives in and out
of strings, bytes that are not UTF-8): the same tokens (type, text, position), the same parse
tree, the same line directives, landmark gaps and lexer errors; texts with syntax errors, or
nested past the limit, are left to the Python parser.  Then the whole front end through both
parsers: the same flattened configuration, or the same errors at the same places with the same
text.  Skipped where the C++ parser cannot be built (no g++ or no libantlr4-runtime-dev).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clickc.errors import ClickError, ErrorHandler
from clickc.frontend import cparser, parse_string, unparse
from clickc.frontend.builder import MAX_NESTING, FileState, NestedTooDeeply
from clickc.frontend.confparse import cp_unquote

from tests import oracle

ROOT = Path(__file__).resolve().parent.parent.parent

CRAFTED = [
    "a :: A(1, (2), \"(\", ')') -> B;\n",
    "a :: A(// c (\n x) -> b :: B(/* ( */ y);\n",
    "a :: A(\"x\\\ny\", 2)\n-> B;\n// after\nc :: C;\n",
    "a :: A(\\<00 ff /* ) */ 01>, 3) -> B;\n",
    "# 10 \"f.click\"\na :: A;\n#line 20\nb :: B;\n# x\nc :: C;\n",
    "a :: A(1,\n# 7 \"g\"\n2,\n# bad\n3) -> B;\n// c\nb :: B(\"a\\\nb\") -> C;\n",
    "a :: A(1) -> B;\nx :: X(\n",
    "a :: A; # not at the start\n",
    "elementclass E { $a | input -> Print($a) -> output }\nE(1) -> E(2) -> Discard;\n",
    "elementclass F E;\n(a :: A) -> ( [0] -> B -> [0] ) -> C;\n",
    "define($x 1, $y \"two\");\nrequire(package \"p\");\na :: A($x) -> {input -> output} -> B;\n",
    "a :: A(\"\udcff\udc80\") -> Print(\"\u00e9\u4e2d\U0001f600\") -> B;\n",
    "a :: A(\"\udcff\udc80\") -> \udcfe :: B;\n",
    "/* unterminated comment (\n a :: A;",
    "a :: A(unterminated \"string) -> B;\n",
    "a :: A -> ;\n",
    "{ " * 300 + "}" * 300,
    "( " * 300 + ")" * 300,
    "a, b :: C(1) -> [1]d :: D[2, 3] => [0-1] e :: E;\nX(a)(b);\n",
    "# 123456789012345678901 \"big\"\na :: A;\n",
    "",
]


def inputs() -> list[Any]:
    files = sorted({*ROOT.glob("examples/**/*.click"), *ROOT.glob("tests/**/*.click")})
    conf = oracle.click_src("conf")
    if conf is not None:
        files += sorted(conf.glob("*.click"))
    return ([pytest.param(p, id=str(p.relative_to(p.parent.parent))) for p in files]
            + [pytest.param(t, id=f"crafted{i}") for i, t in enumerate(CRAFTED)])


@pytest.fixture(scope="module", autouse=True)
def _cpp() -> None:
    if not cparser.available():
        pytest.skip("the C++ parser cannot be built here (g++, libantlr4-runtime-dev): "
                    + (cparser.cache_dir() / "build-failed.txt").read_text()[:300]
                    if (cparser.cache_dir() / "build-failed.txt").exists() else "turned off")


def _text(src: Path | str) -> str:
    if isinstance(src, Path):
        return src.read_bytes().decode("utf-8", "surrogateescape")
    return src


def _tree(node: Any) -> Any:
    """A parse tree as nested tuples: (rule index, start token, stop token, children) and token
    indexes for the leaves."""
    if hasattr(node, "symbol"):
        return node.symbol.tokenIndex
    stop = node.stop.tokenIndex if node.stop is not None else None
    return (node.getRuleIndex(), node.start.tokenIndex, stop,
            tuple(_tree(c) for c in (node.children or ())))


def _tokens(toks: list[Any]) -> list[tuple[Any, ...]]:
    return [(t.type, t.channel, t.start, t.stop, t.tokenIndex, t.line, t.column, t.text)
            for t in toks]


@pytest.mark.parametrize("src", inputs())
def test_same_tokens_and_tree(src: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _text(src)
    fast = cparser.parse(text, MAX_NESTING, None)
    monkeypatch.setenv("CLICKC_CPARSER", "0")
    fs = FileState("t.click", text, ErrorHandler())
    try:
        tree = fs.parse()
    except NestedTooDeeply:
        assert fast is None
        return
    if fast is None:
        # left to the Python parser: a syntax error, or a directive number C++ does not hold
        assert fs.had_syntax_error or any(len(str(n)) > 15 for _, n, _ in fs.lexer.directives)
        return
    assert not fs.had_syntax_error
    toks, ctree, directives, nonentry, lexerrors = fast
    assert _tokens(toks) == _tokens(fs.stream.tokens)
    assert _tree(ctree) == _tree(tree)
    assert [(d, n, None if q is None else cp_unquote(q)) for d, n, q in directives] \
        == fs.lexer.directives
    assert set(nonentry) == fs.lexer.nonentry
    assert list(lexerrors) == list(fs.lexer.lexerrors)


def _front_end(text: str) -> tuple[str, list[str]]:
    errh = ErrorHandler()
    try:
        out = unparse(parse_string(text, "t.click", errh=errh))
    except ClickError:
        out = "<error>"
    return out, [str(d) for d in errh.diagnostics]


@pytest.mark.parametrize("src", inputs())
def test_same_front_end_result(src: Path | str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _text(src)
    fast = _front_end(text)
    monkeypatch.setenv("CLICKC_CPARSER", "0")
    assert fast == _front_end(text)


def test_unbuildable_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the ANTLR C++ runtime the build fails once, says why in the cache, and the
    front end reads with the Python parser."""
    monkeypatch.setattr(cparser, "cache_dir", lambda: tmp_path / "cparser")
    monkeypatch.setattr(cparser, "ANTLR_INCLUDE", tmp_path / "missing")
    monkeypatch.setattr(cparser, "_tried", False)
    monkeypatch.setattr(cparser, "_loaded", None)
    assert cparser.build() is None
    assert "libantlr4-runtime-dev" in (cparser.cache_dir() / "build-failed.txt").read_text()
    assert not cparser.available()
    assert cparser.parse("a :: A -> B;", MAX_NESTING, None) is None
    assert _front_end("a :: InfiniteSource -> Discard;\n") == (
        '# 1 "t.click"\na :: InfiniteSource;\n# 1 "t.click"\nDiscard@2 :: Discard;\n'
        '# 6 ""\na -> Discard@2;\n', [])
