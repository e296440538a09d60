"""Differential tests against Click's own parsers, run live (skipped when Click is absent).

The oracle (tests/args/oracle/oracle.cc) links a built userlevel Click tree; this test builds
it from ``$CLICK_SRC`` (built in place; or uses $CLICKC_ARG_ORACLE) and compares clickc with
Click on random argument texts of every type and on random element specs with random
configuration strings (keyword and positional assignment, repeated keywords, empty arguments,
every Args error).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from clickc.args import ArgContext, parse_args_full
from clickc.elements.spec import Arg, ElementSpec

from tests import oracle as click_oracle

from .oracle_format import LEXING, clickc_result, escape

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def oracle(tmp_path_factory: pytest.TempPathFactory) -> str:
    env = os.environ.get("CLICKC_ARG_ORACLE")
    if env and Path(env).exists():
        return env
    src = click_oracle.click_src()
    if src is None or not (src / "userlevel" / "libclick.a").exists():
        pytest.skip(click_oracle.skip_reason_src("userlevel/libclick.a, built"))
    if shutil.which("g++") is None:
        pytest.skip("g++ is not available")
    out = tmp_path_factory.mktemp("oracle") / "oracle"
    r = subprocess.run(["sh", str(HERE / "oracle" / "build.sh"), str(src), str(out)],
                       capture_output=True, text=True)
    if r.returncode != 0 or not out.exists():
        pytest.skip("could not build the oracle: " + r.stderr[-500:])
    return str(out)


def _run(oracle: str, cases: list[tuple[str, str]]) -> list[str]:
    inp = "".join(f"{t}\t{escape(x)}\n" for t, x in cases).encode("utf-8", "surrogateescape")
    out = subprocess.run([oracle], input=inp, capture_output=True, check=True).stdout
    lines = out.decode("utf-8", "surrogateescape").split("\n")
    res, i = [], 0
    for t, _ in cases:
        if t in LEXING:
            res.append(lines[i])
            i += 1
            continue
        cur = []
        while lines[i] != "END":
            cur.append(lines[i])
            i += 1
        i += 1
        res.append("\n".join(cur))
    return res


ALPHABETS = {
    "0123456789xXbB._-+eE kmunsMGBpd/ahrci": [
        "int", "unsigned", "int64", "unsigned64", "byte", "int8", "uint16", "real", "fixed16",
        "fixed28", "time", "stime", "seconds", "milliseconds", "microseconds", "bandwidth",
        "bool"],
    "0123456789./: abx": ["ip", "ipprefix", "ipprefix_or_addr", "ipaddrlist"],
    "0123456789abcdefABCDEFg:.:/ ": ["ip6", "ip6prefix", "ip6prefix_or_addr"],
    "0123456789abcdefABCDEF:-: g": ["ether"],
    "ab \"'\\<>/*,\n0x41n9$\u00e9": ["string", "word", "keyword", "anything", "filename",
                                    "argvec", "spacevec", "unquote", "uncomment"],
}


@pytest.mark.parametrize("seed", [1, 2])
def test_random_values_agree_with_click(oracle: str, seed: int) -> None:
    rng = random.Random(seed)
    cases: list[tuple[str, str]] = []
    while len(cases) < 4000:
        alphabet, types = rng.choice(list(ALPHABETS.items()))
        t = rng.choice(types)
        x = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 14)))
        if t not in LEXING and (x.strip() != x or not x):
            continue  # Args hands parsers trimmed, non-empty text
        if x.isalpha():
            continue  # Click would resolve host network device names (lo, eth0)
        cases.append((t, x))
    answers = _run(oracle, cases)
    bad = [(t, x, c, clickc_result(t, x))
           for (t, x), c in zip(cases, answers, strict=True) if c != clickc_result(t, x)]
    assert bad == []


_TY = {"u": "unsigned", "s": "string", "i": "ip"}


def _random_spec(rng: random.Random) -> list[tuple[str, str, str]]:
    items = []
    for name in rng.sample(["A", "B", "CAP", "D_1", "X.Y", "E"], rng.randint(0, 4)):
        t = rng.choice("usi")
        flags = "".join(c for c in "mpr" if rng.random() < 0.4)
        if "r" in flags and t == "i":
            t = "s"
        items.append((name, t, flags))
    return items


def _random_config(rng: random.Random, items: list[tuple[str, str, str]]) -> str:
    words = [n for n, _, _ in items] + ["FOO", "a", "x", "cap", "_z"]
    vals = ["1", "2", "0x10", "1.2.3.4", '"q, r"', "abc", "", "-1", "1 2", "'s'"]
    args = []
    for _ in range(rng.randint(0, 5)):
        r = rng.random()
        if r < 0.5:
            args.append(rng.choice(words) + rng.choice([" ", "  ", "\t"]) + rng.choice(vals))
        elif r < 0.6:
            args.append(rng.choice(words))
        else:
            args.append(rng.choice(vals))
    s = rng.choice([", ", ",", " , "]).join(args)
    return s + ("," if rng.random() < 0.2 else "")


def _clickc_args(items: list[tuple[str, str, str]], config: str) -> str:
    spec = ElementSpec("T", "1/1", "a/a", args=tuple(
        Arg(n, _TY[t], positional="p" in f, required="m" in f, repeat="r" in f)
        for n, t, f in items))
    p = parse_args_full(spec, config, ArgContext("t", "T"))
    lines = ["ERR " + e for e in p.errors]
    if not p.errors:
        parts = []
        for n, _, f in items:
            v = p.values[n]
            if "r" in f:
                parts.append(f"{n}=" + ",".join(
                    x.decode() if isinstance(x, bytes) else str(x) for x in v))
            elif n not in p.given or v is None:
                parts.append(f"{n}=-")
            else:
                parts.append(f"{n}=" + (v.decode() if isinstance(v, bytes) else str(v)))
        lines.append("OK" + "".join(" " + x for x in parts))
    return "\n".join(lines)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_args_rules_agree_with_click(oracle: str, seed: int) -> None:
    rng = random.Random(seed)
    cases = []
    for _ in range(1500):
        items = _random_spec(rng)
        cases.append((items, _random_config(rng, items)))
    spec_lines = [("args", " ".join(f"{n}:{t}:{f}" for n, t, f in items) + "\x1f" + conf)
                  for items, conf in cases]
    outs = _run(oracle, spec_lines)
    bad = [(items, conf, o, _clickc_args(items, conf))
           for (items, conf), o in zip(cases, outs, strict=True)
           if o.strip() != _clickc_args(items, conf)]
    assert bad == []
