"""Property tests: no configuration text makes argument parsing raise anything but ArgError
(values) or reported errors (whole configurations), and the results keep their invariants."""

from __future__ import annotations

import io

from clickc.args import (
    PARSERS,
    ArgContext,
    ArgError,
    c_length,
    c_literal,
    collect_addressinfo,
    cp_argvec,
    cp_spacevec,
    cp_uncomment,
    parse_args,
    parse_value,
    unquote,
)
from clickc.elements.spec import Arg, ElementSpec
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Element, RouterGraph
from hypothesis import given, settings
from hypothesis import strategies as st

# Text made of the characters that mean something to Click's lexer, plus a little of anything.
SPECIAL = st.text(alphabet=st.sampled_from(list(" ,\"'\\<>/*\n\r\t0123456789abcdefxX.:-_+eEA"
                                                 "Bms/()[]$\u00e9\x00")), max_size=40)
SPACE = " \t\n\v\f\r"  # C isspace (Python's str.isspace knows more)
TEXT = st.one_of(SPECIAL, st.text(max_size=30))
TYPES = sorted(PARSERS) + ["ip list", "ether list", "word list", "unsigned list"]

GRAPH = RouterGraph()
for _name, _cls, _cfg in [("ai", "AddressInfo", "n0 1.0.0.1/8 00:11:22:33:44:55 ::1/64"),
                          ("q", "Queue", ""), ("c/q", "Queue", "")]:
    GRAPH.add_element(Element(_name, _cls, _cfg, Landmark("t.click", 1)))
CTX = ArgContext("c/x", "X", Landmark("t.click", 2), GRAPH, collect_addressinfo(GRAPH,
                                                                               ErrorHandler()))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(TYPES), TEXT)
def test_parse_value_raises_only_argerror(type_name: str, text: str) -> None:
    try:
        v = parse_value(type_name, text, CTX)
    except ArgError as e:
        assert e.message
        return
    # every value has a C constant
    c = c_literal(v, type_name)
    assert isinstance(c, str) and c
    assert c_length(v) >= 0


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_lexing_total(text: str) -> None:
    args = cp_argvec(text)
    # arguments never start with white space; there is at most one more than there are commas
    assert all(a[:1] not in SPACE for a in args if a)
    assert len(args) <= text.count(",") + 1
    # without quotes, backslashes or comments the split is the plain one
    if not any(c in text for c in "\"'\\/"):
        plain = [a.strip(" \t\n\v\f\r") for a in text.split(",")] if text else []
        if plain and plain[-1] == "":
            plain.pop()
        assert args == plain
    assert all(w[0] not in SPACE for w in cp_spacevec(text) if w)
    assert isinstance(unquote(text), bytes)
    assert isinstance(cp_uncomment(text), str)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "CAP", "X.Y"]),
                          st.sampled_from(["unsigned", "ip", "string", "bool", "time",
                                           "ether", "ipprefix", "element", "word list"]),
                          st.booleans(), st.booleans(), st.booleans()),
                max_size=4, unique_by=lambda t: t[0]),
       TEXT)
def test_parse_args_reports_instead_of_raising(specs: list[tuple[str, str, bool, bool, bool]],
                                               config: str) -> None:
    spec = ElementSpec("T", "1/1", "a/a", args=tuple(
        Arg(n, t, positional=p, required=r, repeat=rep) for n, t, p, r, rep in specs))
    errh = ErrorHandler()
    result = parse_args(spec, config, CTX, errh)
    if result is None:
        assert errh.nerrors > 0
        out = io.StringIO()
        errh.print(out)
        lines = out.getvalue().splitlines()
        assert lines[0] == "t.click:2: While configuring 'c/x :: X':"
        assert all(line.startswith("  ") for line in lines[1:])
    else:
        assert errh.nerrors == 0
        assert set(result) == {n for n, *_ in specs}


@settings(max_examples=150, deadline=None)
@given(st.lists(TEXT, max_size=3))
def test_addressinfo_configs_never_raise(configs: list[str]) -> None:
    g = RouterGraph()
    for i, cfg in enumerate(configs):
        g.add_element(Element(f"a{i}", "AddressInfo", cfg, Landmark("t.click", i + 1)))
    errh = ErrorHandler()
    db = collect_addressinfo(g, errh)
    for name, entry in db.names().items():
        assert isinstance(name, str)
        assert entry.ip is None or 0 <= entry.ip <= 0xFFFFFFFF


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_integers_round_trip(n: int) -> None:
    for t, lo, hi in [("int", -(2**31), 2**31 - 1), ("unsigned", 0, 2**32 - 1),
                      ("unsigned64", 0, 2**64 - 1), ("uint16", 0, 65535)]:
        for text in (str(n), hex(n) if n >= 0 else None):
            if text is None:
                continue
            try:
                v = parse_value(t, text)
            except ArgError as e:
                assert not lo <= n <= hi or (n < 0 and t != "int")
                assert e.message.startswith(("out of range", "invalid number"))
                continue
            assert v == n


@settings(max_examples=50, deadline=2000)
@given(st.sampled_from(["time", "seconds", "bandwidth", "fixed", "real", "unsigned64"]),
       st.integers(min_value=0, max_value=2**40), st.booleans())
def test_huge_exponents_are_fast(type_name: str, exponent: int, negative: bool) -> None:
    # Click loops once per exponent digit; clickc must not (deadline 2 s per example).
    text = f"1.5e{'-' if negative else ''}{exponent}"
    try:
        parse_value(type_name, text)
    except ArgError:
        pass
    try:
        parse_value(type_name, "9" * 20000)
    except ArgError:
        pass
