"""Property tests: whatever the input, the front end returns a flat graph or raises ClickError
with located errors -- never another exception.  Inputs are random token sequences of the Click
language, random well-formed configurations, and mutations of both."""

from __future__ import annotations

import re

from clickc.errors import ClickError, ErrorHandler
from clickc.frontend import parse_string, unparse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TOKENS = ["a", "b", "x/y", "q@1", "Idle", "Counter", "Tee", "F", "input", "output", "0", "1",
          "->", "=>", "::", ",", ";", "[", "]", "-", "(", ")", "{", "}", "|", "||", "...",
          "$v", "KEY", "__REST__", "elementclass", "define", "require", "provide", "library",
          "\n", "\n# 9 \"f.click\"\n", "\n#bad\n", "//c\n", "/* c */", "\"q)\"", "'s('",
          "\\<0a>", "${v-1}", "%", "@", "/"]

NAMES = st.sampled_from(["a", "b", "c", "x/y", "q@1"])
CLASSES = st.sampled_from(["Idle", "Counter", "Tee(2)", "Queue(${v-5})", "Paint($v)"])
PORT = st.sampled_from(["", "", "[0]", "[1]", "[0,1]", "[0-1]", "[]"])


@st.composite
def elem(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(NAMES)
    if kind == 1:
        return f"{draw(NAMES)} :: {draw(CLASSES)}"
    if kind == 2:
        return draw(CLASSES)
    return "{ input -> " + draw(CLASSES) + " -> output }"


@st.composite
def config(draw: st.DrawFn) -> str:
    stmts = []
    if draw(st.booleans()):
        stmts.append("define($v 7);")
    if draw(st.booleans()):
        stmts.append("elementclass F { $v | input -> Paint($v) -> output || "
                     "input -> Counter -> output }")
    for _ in range(draw(st.integers(1, 6))):
        chain = [draw(PORT) + " " + draw(elem()) + " " + draw(PORT)
                 for _ in range(draw(st.integers(1, 4)))]
        stmts.append(draw(st.sampled_from([" -> ", " => "])).join(chain) + ";")
    return "\n".join(stmts)


LOCATED = re.compile(r"^[^:\n]+:\d+: ")


def check(text: str) -> None:
    errh = ErrorHandler()
    try:
        g = parse_string(text, "p.click", {"v": "3"}, errh)
    except ClickError as e:
        assert e.errh is errh and errh.nerrors > 0
        for d in errh.diagnostics:
            if d.level == "error":
                assert d.landmark is not None and LOCATED.match(str(d)), str(d)
        return
    assert errh.nerrors == 0
    if any(c.isdigit() for e in g.elements() for c in e.name.split("/")[:-1]):
        return  # e.g. class '0/0': Click itself cannot re-read the name '0/0@1'
    text2 = unparse(g)
    # the flat output is itself a valid configuration that flattens to the same graph
    g2 = parse_string(text2, "flat.click")
    assert [(e.name, e.class_name, e.config) for e in g2.elements()] == \
        [(e.name, e.class_name, e.config) for e in g.elements()]
    assert set(g2.connections()) == set(g.connections())


SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(st.sampled_from(TOKENS), max_size=40))
def test_random_token_soup_never_crashes(tokens: list[str]) -> None:
    check(" ".join(tokens))


@SETTINGS
@given(st.text(alphabet=st.characters(min_codepoint=9, max_codepoint=126), max_size=80))
def test_random_text_never_crashes(text: str) -> None:
    check(text)


@SETTINGS
@given(config())
def test_generated_configs_flatten_or_report(text: str) -> None:
    check(text)


@SETTINGS
@given(config(), st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(TOKENS)),
                          max_size=4), st.lists(st.integers(0, 10_000), max_size=3))
def test_mutated_configs_never_crash(text: str, inserts: list[tuple[int, str]],
                                     deletes: list[int]) -> None:
    words = text.split(" ")
    for pos, tok in inserts:
        words.insert(pos % (len(words) + 1), tok)
    for pos in deletes:
        if words:
            del words[pos % len(words)]
    check(" ".join(words))
