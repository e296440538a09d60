"""Unit tests of the front end's pieces: configuration-string helpers, the public API's
options, landmarks, unparse, the Graphviz drawing and the two sub-commands."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from clickc.draw import to_dot
from clickc.errors import ClickError, ErrorHandler, Landmark
from clickc.frontend import parse_string, unparse
from clickc.frontend.confparse import (
    VariableEnvironment,
    cp_argvec,
    cp_assign_arguments,
    cp_expand,
    cp_quote,
    cp_spacevec,
    cp_unquote,
)
from clickc.ir import Element, RouterGraph

from .helpers import run_clickc


def errors(text: str, **kw: object) -> list[str]:
    errh = ErrorHandler()
    with pytest.raises(ClickError):
        parse_string(text, "t.click", errh=errh, **kw)  # type: ignore[arg-type]
    return [str(d) for d in errh.diagnostics]


# -- confparse ----------------------------------------------------------------------------------
def test_argvec_splits_at_unquoted_commas_and_drops_comments() -> None:
    assert cp_argvec("a, b /* x, y */ c, \"d, e\", ") == ["a", "b c", '"d, e"']
    assert cp_argvec("") == [] and cp_argvec(",") == [""] and cp_argvec("a,,b") == ["a", "", "b"]


def test_unquote_and_quote_round_trip() -> None:
    assert cp_unquote('"a\\tb" \'c d\' \\<41 42>') == "a\tb c d AB"
    for s in ["", "plain", 'q"uote', "back\\slash", "$dollar", "nl\nx", "\x01"]:
        assert cp_unquote(cp_quote(s)) == s
    assert cp_spacevec("a  'b c'  d") == ["a", "'b c'", "d"]


def test_expand_variables_like_click() -> None:
    env = VariableEnvironment(None)
    env.define("a", "1", False)
    env.define("l", "x y z", False)
    assert cp_expand("$a ${a} ${b-2} $b '$a' \"$a\"", env) == "1 1 2 $b '$a' \"1\""
    assert cp_expand("${l[1]}", env) == "y"
    assert cp_expand("${b-$a}", env) == "1"


def test_assign_arguments_positional_keywords_rest() -> None:
    assert cp_assign_arguments(["1", "2"], ["", ""]) == ["1", "2"]
    assert cp_assign_arguments(["1"], ["", ""]) is None
    assert cp_assign_arguments(["1", "K 2"], ["", "K"]) == ["1", "2"]
    assert cp_assign_arguments(["1"], ["", "K"]) is None
    assert cp_assign_arguments(["1", "K 2", "X 3", "4"], ["", "K", "__REST__"]) == \
        ["1", "2", "X 3, 4"]


# -- parse_string options -----------------------------------------------------------------------
def test_known_classes_make_undeclared_names_errors() -> None:
    errs = errors("a -> Idle -> b :: Nope;", classes={"Idle"})
    assert errs == ["t.click:1: undeclared element 'a'",
                    "t.click:1: unknown element class 'Nope'"]
    g = parse_string("a :: Idle -> Idle;", classes={"Idle"})
    assert [e.name for e in g.elements()] == ["a", "Idle@2"]


def test_defines_and_expand_vars() -> None:
    text = "define($N 5, $M $N); s :: Queue($N) -> Unqueue(${M}) -> Discard;"
    g = parse_string(text, defines={"N": "7"})
    assert g.defines == {"N": "7", "M": "$N"}
    assert g.element("s").config == "$N"
    g = parse_string(text, defines={"N": "7"}, expand_vars=True)
    assert [e.config for e in g.elements()][:2] == ["7", "7"]


def test_compound_parameters_are_substituted_and_scoped() -> None:
    g = parse_string("elementclass A { $x | input -> Paint($x) -> output }\n"
                     "elementclass B { $x, KEY $y | input -> A($y) -> Strip($x) -> output }\n"
                     "Idle -> b :: B(1, KEY 2) -> Discard;")
    assert [(e.name, e.config) for e in g.elements()] == [
        ("Idle@1", ""), ("Discard@3", ""), ("b/A@1/Paint@1", "2"), ("b/Strip@2", "1")]


def test_clickc_specific_error_wordings() -> None:
    assert errors("require(library nothere.click);") == [
        "t.click:1: library 'nothere.click' not found in CLICKPATH/conf"]
    assert errors("1/2 :: Idle;") == ["t.click:1: element name '1/2' has all-digit component"]
    assert errors("a :: Idle $x;") == ["t.click:1: syntax error near 'x'"]
    assert errors("elementclass F {\n a :: Idle;\n") == ["t.click:3: expected '}'"]


def test_landmarks_follow_directives_and_clicks_comment_rule() -> None:
    g = parse_string("a :: Idle; // comment\nb :: Idle;\n\nc :: Idle;\n# 50 \"o.click\"\n"
                     "d :: Print(\"x\n\ny\");\ne :: Idle;", "l.click")
    lms = {e.name: e.landmark for e in g.elements()}
    # 'b' follows a '//' comment line: Click's driver records its own line, Click's tools
    # (click-flatten) the previous line's number
    assert lms["a"] == Landmark("l.click", 1) and lms["b"] == Landmark("l.click", 2)
    assert lms["b"].for_tools() == Landmark("l.click", 1)
    assert lms["a"].for_tools() == lms["a"] and lms["a"].tools is None
    assert lms["c"] == Landmark("l.click", 4) and lms["d"] == Landmark("o.click", 50)
    assert lms["e"] == Landmark("o.click", 53)


def test_errors_are_all_reported_with_lines() -> None:
    errs = errors("a :: Idle;\na :: Idle;\nb, c :: Idle;\nb [0,1] -> [0,1,2] c;\n")
    assert errs == ["t.click:2: redeclaration of element 'a'",
                    "t.click:1: 'a' previously declared here",
                    "t.click:4: syntax error: many-to-many connections require '=>'",
                    "t.click:4: connection mismatch: 2 outputs connected to 3 inputs"]


def test_require_library_and_clickpath(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "conf").mkdir()
    (tmp_path / "lib" / "conf" / "l.click").write_text(
        "elementclass L { input -> Paint(9) -> output }\nrequire(package \"p\");\n")
    (tmp_path / "m.click").write_text("require(library l.click);\nIdle -> L -> Discard;\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLICKPATH", "")
    rc, _, err = run_clickc(["flatten", "m.click"])
    assert rc == 1 and "library 'l.click' not found" in err
    rc, out, err = run_clickc(["flatten", "-C", "lib", "m.click"])
    assert rc == 0 and 'require(package "p");' in out and "L@2/Paint@1 :: Paint(9);" in out


# -- unparse --------------------------------------------------------------------------------------
def test_unparse_prints_chains_like_click_flatten() -> None:
    g = RouterGraph()
    for n in ["s", "t", "u"]:
        g.add_element(Element(n, "Null", "", Landmark("f.click", 2)))
    g.connect("s", 0, "t", 0, Landmark("f.click", 2))
    g.connect("t", 0, "u", 1, Landmark("f.click", 2))
    g.connect("u", 0, "s", 0, Landmark("f.click", 3))
    assert unparse(g) == ('# 2 "f.click"\ns :: Null;\n# 2 "f.click"\nt :: Null;\n'
                          '# 2 "f.click"\nu :: Null;\n# 8 ""\n'
                          "u -> s\n    -> t\n    -> [1] u;\n")


# -- drawing --------------------------------------------------------------------------------------
def test_dot_shows_names_classes_ports_and_push_pull() -> None:
    g = parse_string("s :: Idle -> q :: Queue -> u :: Unqueue -> Discard; s [1] -> [1] u;")
    q = g.element("q")
    q.input_kinds, q.output_kinds = ["push"], ["pull"]
    dot = to_dot(g)
    assert '"q" [label=<' in dot and "<b>q</b>" in dot and ">Queue<" in dot
    assert '"s":o1:s -> "u":i1:n;' in dot
    assert 'port="i0" bgcolor="black"' in dot.split('"q" [label=')[1].split("\n")[0]
    assert 'port="o0" bgcolor="white"' in dot.split('"q" [label=')[1].split("\n")[0]


def test_graph_command_writes_dot_and_svg(tmp_path: Path) -> None:
    rc, _, err = run_clickc(["graph", "-e", "Idle -> Discard", "-o", str(tmp_path / "g.dot")])
    assert rc == 0, err
    assert (tmp_path / "g.dot").read_text().startswith('digraph "g"')
    if shutil.which("dot"):
        rc, _, err = run_clickc(["graph", "-e", "Idle -> Discard", "-o", str(tmp_path / "g.svg")])
        assert rc == 0 and "<svg" in (tmp_path / "g.svg").read_text(), err


# -- flatten command ------------------------------------------------------------------------------
def test_flatten_command_options(tmp_path: Path) -> None:
    expr = "define($X 1); a :: Counter($X) -> b :: Tee -> Discard;"
    rc, out, _ = run_clickc(["flatten", "-e", expr, "X=2"])
    assert rc == 0 and out.startswith("define($X 2);\n\n# 1 \"config\"\na :: Counter($X);")
    rc, out, _ = run_clickc(["flatten", "--expand-vars", "-e", expr])
    assert "a :: Counter(1);" in out and "define(" not in out
    assert run_clickc(["flatten", "-n", "-e", expr])[1] == "Discard@3\na\nb\n"
    assert run_clickc(["flatten", "-c", "-e", expr])[1] == "Counter\nDiscard\nTee\n"
    assert run_clickc(["flatten", "-d", "-e", expr])[1].splitlines()[0] == "Discard@3 :: Discard"
    rc, _, _ = run_clickc(["flatten", "-e", expr, "-o", str(tmp_path / "o.click")])
    assert rc == 0 and "b :: Tee;" in (tmp_path / "o.click").read_text()
    rc, out, err = run_clickc(["flatten", "-e", "a -> ;; [1] b;"])
    assert rc == 1 and out == "" and err == "config:1: input ports ignored at start of chain\n"
    (tmp_path / "f.click").write_text(expr)
    assert run_clickc(["flatten", "-f", str(tmp_path / "f.click"), "-n"])[1] == "Discard@3\na\nb\n"
    rc, _, err = run_clickc(["flatten", "-f", str(tmp_path / "f.click"), "-e", expr])
    assert rc == 1 and "specified twice" in err
    rc, _, err = run_clickc(["flatten", str(tmp_path / "missing.click")])
    assert rc == 1 and "No such file" in err
