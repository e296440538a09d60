"""Differential tests against real Click: random configurations (compound-heavy ones with
overloads, formals, defines, synonyms, extensions and groups; and loose ones with random
ports, declarations and mutations) are flattened by clickc and by click-flatten.  When Click
accepts a configuration, clickc must print exactly the same text; when Click rejects it, clickc
must reject it too.  Skipped when ``$CLICK_PREFIX/bin/click-flatten`` is absent (CI;
tests/oracle.py).
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import oracle

from .helpers import CLICK_FLATTEN, run_clickc

pytestmark = pytest.mark.skipif(CLICK_FLATTEN is None,
                                reason=oracle.skip_reason_tool("click-flatten"))

PRIMS = ["Counter", "Paint(1)", "Strip(14)", "Queue($q)", 'Print("$q")', "Null", "Tee(1)"]
FORMALS = [("", ["", ""]), ("$q |", ["(5)", "($g)"]), ("$q, KEY $k |", ["(6, KEY 7)"]),
           ("$q, __REST__ $r |", ["(8, X 1, Y 2)", "(9)"])]


def compound_config(r: random.Random) -> str:
    out = [f"define($q {r.randint(1, 99)}, $g G{r.randint(0, 9)});",
           "elementclass Inner { $q | input -> Paint($q) -> output }",
           "elementclass Syn Counter;"]
    alts, sigs = [], []
    for _ in range(r.randint(1, 3)):
        nin, nout = r.randint(0, 2), r.randint(0, 2)
        formals, args = r.choice(FORMALS)
        lines = []
        for p in range(max(nin, nout)):
            src = f"input [{p}]" if p < nin else "Idle"
            dst = f"[{p}] output" if p < nout else "Discard"
            mid = " -> ".join(r.choice(PRIMS + ["Inner($q)", "Syn", "( -> Counter -> )"])
                              for _ in range(r.randint(1, 3)))
            lines.append(f"{src} -> {mid} -> {dst};")
        if r.random() < 0.3:
            lines.append(f"define($loc {r.randint(1, 9)}); x{r.randint(0, 3)} :: Print($loc$q);")
        alts.append(formals + " " + "\n  ".join(lines))
        sigs.append((nin, nout, args))
    if r.random() < 0.3:
        out.append("elementclass C { input -> Counter -> output }")
        alts.append("...")
    out.append("elementclass C { " + " || ".join(alts) + " }")
    for i in range(r.randint(1, 6)):
        nin, nout, args = r.choice(sigs)
        out.append(f"c{i} :: C{r.choice(args)};")
        out += [f"Idle -> [{p}] c{i};" for p in range(nin)]
        out += [f"c{i} [{p}] -> Discard;" for p in range(nout)]
    if r.random() < 0.5:
        out.append("a, b :: Idle; a => (-> Counter ->), ( -> Strip(1) -> ) => b;")
    return "\n".join(out) + "\n"


NAMES = ["a", "b", "c", "x/y", "q@1", "input", "output", "F", "G", "Idle", "Counter", "d0"]
CLASSES = ["Idle", "Counter", "Tee(2)", "Queue", "F", "G", "F(1)", "G(KEY 2)", "Paint($v)"]


def loose_config(r: random.Random) -> str:
    def port() -> str:
        return r.choice(["[0]", "[1]", "[0,1]", "[0-2]", "[]", "[1,]"]) if r.random() < 0.1 else ""

    def elem(depth: int) -> str:
        x = r.random()
        if x < 0.4:
            return r.choice(NAMES)
        if x < 0.6:
            return r.choice(NAMES) + " :: " + r.choice(CLASSES)
        if x < 0.75:
            return r.choice(CLASSES) + r.choice(["", "(1)", "(a, b)", '("x)")', "(/* ) */ 1)"])
        if x < 0.85 and depth < 2:
            return "{ " + body(depth + 1) + " }"
        if x < 0.95 and depth < 2:
            return "( " + body(depth + 1) + " )"
        return ""

    def chain(depth: int) -> str:
        lists = [", ".join(f"{port()} {elem(depth)} {port()}" for _ in range(r.choice([1, 1, 2])))
                 for _ in range(r.randint(1, 4))]
        return " ".join(f"{x} {r.choice(['->', '->', '=>'])}" for x in lists[:-1]) + lists[-1]

    def stmt(depth: int) -> str:
        x = r.random()
        if x < 0.75:
            return chain(depth) + r.choice([";", ";", "", "\n"])
        if x < 0.85:
            f = r.choice(["", "$v |", "$v, KEY $k |", "|"])
            return "elementclass " + r.choice("FGH") + " { " + f + " " + body(depth + 1) + " }"
        if x < 0.9:
            return "elementclass " + r.choice("FG") + " " + r.choice(["Counter", "F", "G"]) + ";"
        if x < 0.95:
            return "define($v " + r.choice(["1", "$w"]) + ");"
        return "require(" + r.choice(["foo", 'package "x"', "compact_config"]) + ");"

    def body(depth: int) -> str:
        return "\n".join(stmt(depth) for _ in range(r.randint(1, 3)))

    text = "\n".join(stmt(0) for _ in range(r.randint(1, 4)))
    if r.random() < 0.15:
        words = text.split(" ")
        del words[r.randrange(len(words))]
        text = " ".join(words)
    return text + "\n"


def compare(text: str, tmp: Path) -> None:
    f = tmp / "d.click"
    f.write_text(text)
    ref = subprocess.run([str(CLICK_FLATTEN), str(f)], capture_output=True, text=True,
                         check=False)
    if ref.returncode not in (0, 1):
        return  # click-flatten itself crashed on this input
    rc, out, err = run_clickc(["flatten", str(f)])
    if ref.returncode == 0:
        assert (rc, out, err) == (0, ref.stdout, ref.stderr), text
    else:
        assert rc == 1, text


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(st.integers(0, 2**32))
def test_compound_configs_match_click(tmp_path: Path, seed: int) -> None:
    compare(compound_config(random.Random(seed)), tmp_path)


@SETTINGS
@given(st.integers(0, 2**32))
def test_loose_configs_match_click(tmp_path: Path, seed: int) -> None:
    compare(loose_config(random.Random(seed)), tmp_path)
