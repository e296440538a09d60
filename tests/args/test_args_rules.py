"""Click's Args rules and error wording, on specs shaped like Click's Queue and Strip.

Every expected output below was printed by real Click (userlevel driver, -q: configure only);
the command is in the comment above each case.  ``C`` stands for ``$CLICK_PREFIX/bin/click -q``.
"""

from __future__ import annotations

import io

import pytest
from clickc.args import ArgContext, cp_argvec, parse_args, parse_args_full
from clickc.elements.spec import Arg, ElementSpec
from clickc.errors import ErrorHandler, Landmark

# Queue: Args(conf, this, errh).read_p("CAPACITY", capacity).complete(), default 1000
QUEUE = ElementSpec("Queue", "1/1", "h/l",
                    args=(Arg("CAPACITY", "unsigned", positional=True, default=1000),))
# Strip: read_mp("LENGTH", ...)
STRIP = ElementSpec("Strip", "1/1", "a/a",
                    args=(Arg("LENGTH", "unsigned", positional=True, required=True),))


def run(spec: ElementSpec, name: str, config: str) -> tuple[object, str]:
    errh = ErrorHandler()
    ctx = ArgContext(name, spec.name, Landmark("config", 1))
    result = parse_args(spec, config, ctx, errh)
    out = io.StringIO()
    errh.print(out)
    return result, out.getvalue()


@pytest.mark.parametrize("config,capacity", [
    ("5, CAPACITY 10", 10),      # C -e 'Idle -> q::Queue(5, CAPACITY 10) -> Discard' -h q.capacity
    ("CAPACITY 10, CAPACITY 7", 7),  # ... Queue(CAPACITY 10, CAPACITY 7): the last one wins
    (",", 1000),                 # ... Queue(,): an empty argument fills the position
    ("5,", 5),                   # ... Queue(5,): a final empty argument is dropped
    ("0x10", 16),                # ... Queue(0x10)
    ("010", 8),                  # ... Queue(010): octal
    ("1_000", 1000),             # ... Queue(1_000)
    ("/* c */ 7 // x\n", 7),     # comments are removed
    ("", 1000),
])
def test_queue_values(config: str, capacity: int) -> None:
    result, out = run(QUEUE, "q", config)
    assert out == ""
    assert result == {"CAPACITY": capacity}


@pytest.mark.parametrize("config,messages", [
    # C -e 'Idle -> q::Queue(CAPACITY 10, 5) -> Discard'
    ("CAPACITY 10, 5", ["too many arguments"]),
    # C -e 'Idle -> q::Queue(, 5) -> Discard'
    (", 5", ["too many arguments"]),
    # C -e 'Idle -> q::Queue(5, ,) -> Discard'
    ("5, ,", ["too many arguments"]),
    # C -e 'Idle -> q::Queue(CAPACITY) -> Discard'  (no value: it is positional text)
    ("CAPACITY", ["CAPACITY: invalid number"]),
    ("CAPACITY    ", ["CAPACITY: invalid number"]),
    # C -e 'Idle -> q::Queue(capacity 5) -> Discard'  (keywords are case sensitive)
    ("capacity 5", ["capacity: unknown argument"]),
    # C -e 'Idle -> q::Queue(-5) -> Discard'
    ("-5", ["CAPACITY: invalid number"]),
    # C -e 'Idle -> q::Queue(99999999999) -> Discard'
    ("99999999999", ["CAPACITY: out of range, bound 4294967295"]),
    # C -e 'Idle -> q::Queue("7") -> Discard'  (IntArg does not unquote)
    ('"7"', ["CAPACITY: invalid number"]),
    # C -e 'Idle -> q::Queue(C:A 5) -> Discard'
    ("C:A 5", ["C:A: unknown argument"]),
])
def test_queue_errors(config: str, messages: list[str]) -> None:
    result, out = run(QUEUE, "q", config)
    assert result is None
    assert out == "config:1: While configuring 'q :: Queue':\n" + "".join(
        f"  {m}\n" for m in messages)


@pytest.mark.parametrize("config,messages", [
    # C -e 'Idle -> s::Strip() -> Discard'
    ("", ["LENGTH: required argument missing"]),
    # C -e 'Idle -> s::Strip(1, 2) -> Discard'
    ("1, 2", ["too many arguments"]),
    # C -e 'Idle -> s::Strip(LENGTH 1, 2) -> Discard'
    ("LENGTH 1, 2", ["too many arguments"]),
    # C -e 'Idle -> s::Strip(FOO 1, 2) -> Discard'  (a mandatory positional argument takes
    # the first argument even when it looks like a keyword)
    ("FOO 1, 2", ["LENGTH: invalid number", "too many arguments"]),
    # C -e 'Idle -> s::Strip(FOO 1) -> Discard'
    ("FOO 1", ["LENGTH: invalid number"]),
    # C -e 'Idle -> s::Strip(foo, bar 3, BAZ 4, 5) -> Discard'
    ("foo, bar 3, BAZ 4, 5",
     ["LENGTH: invalid number", "bar: unknown argument", "BAZ: unknown argument",
      "too many arguments"]),
])
def test_strip_errors(config: str, messages: list[str]) -> None:
    result, out = run(STRIP, "s", config)
    assert result is None
    assert out == "config:1: While configuring 's :: Strip':\n" + "".join(
        f"  {m}\n" for m in messages)


def test_anonymous_element_context_line() -> None:
    # C -e 'Idle -> Queue(foo) -> Discard'
    result, out = run(QUEUE, "Queue@2", "foo")
    assert out == "config:1: While configuring 'Queue@2 :: Queue':\n  CAPACITY: invalid number\n"


SPEC = ElementSpec("T", "1/1", "a/a", args=(
    Arg("A", "unsigned", positional=True, required=True),
    Arg("B", "string", positional=True),
    Arg("C", "unsigned"),
    Arg("R", "unsigned", repeat=True),
))


def test_keywords_in_any_order_and_repeat() -> None:
    # Recorded with the oracle (tests/args/oracle): spec "A:u:mp B:s:p C:u: R:u:r".
    # A mandatory positional argument takes the first argument even if it has a keyword ...
    p = parse_args_full(SPEC, "C 3, 7", ArgContext("t", "T"))
    assert p.errors == ["A: invalid number"]
    p = parse_args_full(SPEC, "R 1, C 3, 7, R 2", ArgContext("t", "T"))
    assert p.errors == ["A: invalid number", "too many arguments"]
    # ... and an optional one only takes an argument without keyword, before any keyword.
    optional = ElementSpec("T", "1/1", "a/a", args=(
        Arg("A", "unsigned", positional=True), Arg("B", "string", positional=True),
        Arg("C", "unsigned"), Arg("R", "unsigned", repeat=True)))
    p = parse_args_full(optional, "C 3, 7", ArgContext("t", "T"))
    assert p.errors == ["too many arguments"]
    p = parse_args_full(SPEC, '7, "x, y", R 1, C 3, R 2', ArgContext("t", "T"))
    assert p.errors == []
    assert p.values == {"A": 7, "B": b"x, y", "C": 3, "R": [1, 2]}
    assert p.given == {"A", "B", "C", "R"}


def test_defaults_filled_and_given() -> None:
    p = parse_args_full(SPEC, "7", ArgContext("t", "T"))
    assert p.values == {"A": 7, "B": None, "C": None, "R": []}
    assert p.given == {"A"}


def test_split_config_keeps_parentheses_unprotected() -> None:
    # Click's cp_argvec does not treat parentheses or brackets specially (recorded in
    # click_values.tsv: argvec "(a, b)").
    assert cp_argvec("(a, b), [c, d]") == ["(a", "b)", "[c", "d]"]
    assert cp_argvec('"a, b", \'c, d\', \\<41, 42>') == ['"a, b"', "'c, d'", "\\<41, 42>"]
    assert cp_argvec("a, b,") == ["a", "b"]
    assert cp_argvec("a, , b") == ["a", "", "b"]
    assert cp_argvec("") == []
    assert cp_argvec(",") == [""]


def test_context_can_be_an_ir_element() -> None:
    from clickc.ir import Element, RouterGraph

    g = RouterGraph()
    e = g.add_element(Element("q", "Queue", "x", Landmark("f.click", 3)))
    errh = ErrorHandler()
    assert parse_args(QUEUE, e.config, ArgContext(element=e, graph=g), errh) is None
    assert [str(d) for d in errh.diagnostics] == [
        "f.click:3: While configuring 'q :: Queue':", "  CAPACITY: invalid number"]


INFSRC = ElementSpec("InfiniteSource", "0/1", "a/a", args=(Arg("END_CALL", "handler"),))


@pytest.mark.parametrize("config,messages", [
    # C -e 'InfiniteSource(END_CALL x.y) -> Discard'
    ("END_CALL x.y", ["END_CALL: no element named 'x'", "END_CALL: parse error"]),
    # C -e 'InfiniteSource(END_CALL c.) -> Discard'
    ("END_CALL c.", ["END_CALL: syntax error", "END_CALL: parse error"]),
    # C -e 'InfiniteSource(END_CALL "") -> Discard'
    ('END_CALL ""', ["END_CALL: syntax error", "END_CALL: parse error"]),
    # C -e 'InfiniteSource(END_CALL stop) -> Discard' and '.stop': accepted
    ("END_CALL stop", []),
    ("END_CALL .stop", []),
    # C -e 'InfiniteSource(END_CALL d.nothere) -> d::Discard': accepted by configure (the
    # handler is checked at initialization)
    ("END_CALL d.nothere", []),
])
def test_handler_arguments(config: str, messages: list[str]) -> None:
    from clickc.ir import Element, RouterGraph

    g = RouterGraph()
    src = g.add_element(Element("InfiniteSource@1", "InfiniteSource", config,
                                Landmark("config", 1)))
    g.add_element(Element("d", "Discard", "", Landmark("config", 1)))
    p = parse_args_full(INFSRC, config, ArgContext(element=src, graph=g))
    assert p.errors == messages
    if not messages:
        ref = p.values["END_CALL"]
        assert ref.element in ("", "d") and ref.handler in ("stop", "nothere")


PRINT = ElementSpec("Print", "1/1", "a/a", args=(
    Arg("LABEL", "string", positional=True, default=""),
    Arg("MAXLENGTH", "int", positional=True, default=24),
    Arg("LENGTH", "int", deprecated=True),
))


def test_deprecated_argument_warns_and_still_parses() -> None:
    # C -e 'Idle -> p::Print(hi, LENGTH 5) -> Discard'   (exit status 0)
    result, out = run(PRINT, "p", "hi, LENGTH 5")
    assert result == {"LABEL": b"hi", "MAXLENGTH": 24, "LENGTH": 5}
    assert out == ("config:1: While configuring 'p :: Print':\n"
                   "  LENGTH: warning: argument deprecated\n")
    # C -e 'Idle -> p::Print(hi, LENGTH x) -> Discard'
    result, out = run(PRINT, "p", "hi, LENGTH x")
    assert result is None
    assert out == ("config:1: While configuring 'p :: Print':\n"
                   "  LENGTH: warning: argument deprecated\n"
                   "  LENGTH: invalid number\n")
    errh = ErrorHandler()
    parse_args(PRINT, "hi, LENGTH 5", ArgContext("p", "Print"), errh)
    assert (errh.nerrors, errh.nwarnings) == (0, 1)


def test_argument_texts_follow_the_same_assignment() -> None:
    from clickc.args import argument_texts

    assert argument_texts(SPEC, '7, "x, y", R 1, C 3, R 2') == {
        "A": ["7"], "B": ['"x, y"'], "C": ["3"], "R": ["1", "2"]}
    assert argument_texts(STRIP, "FOO 1") == {"LENGTH": ["FOO 1"]}
    assert argument_texts(QUEUE, "5, CAPACITY 10") == {"CAPACITY": ["10"]}
    assert argument_texts(QUEUE, "CAPACITY 10, 5") is None
    assert argument_texts(QUEUE, ",") == {}
