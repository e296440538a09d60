"""RandomSample and RandomSwitch without RandomSeed: the generator is seeded from the clock,
so the outcome cannot match Click's bit for bit (with RandomSeed it does: test_moreelements'
random and pull cases).  Here the proportions must be those of the probabilities, within six
standard deviations of a binomial count (a false failure has probability below 1e-8)."""

from __future__ import annotations

import math
from pathlib import Path

from tests.testlib import run_config

N = 40000

CONFIG = f"""
InfiniteSource(LIMIT {N}, STOP true) -> t :: Tee(3);
t[0] -> rs :: RandomSample(0.25) -> s0 :: Counter -> Discard;
rs[1] -> s1 :: Counter -> Discard;
t[1] -> rd :: RandomSample(DROP 0.9) -> d0 :: Counter -> Discard;
t[2] -> rw :: RandomSwitch;
rw[0] -> w0 :: Counter -> Discard;
rw[1] -> w1 :: Counter -> Discard;
rw[2] -> w2 :: Counter -> Discard;
rw[3] -> w3 :: Counter -> Discard;
"""


def _within(count: int, n: int, p: float) -> bool:
    return abs(count - n * p) <= 6 * math.sqrt(n * p * (1 - p))


def test_proportions(tmp_path: Path) -> None:
    """Sampled and switched shares follow P, DROP and 1/noutputs."""
    names = ["s0", "s1", "d0", "w0", "w1", "w2", "w3"]
    p = run_config(tmp_path, CONFIG, *(a for n in names for a in ("-h", f"{n}.count")))
    assert p.returncode == 0, p.stderr
    lines = p.stdout.split("\n")
    got = {lines[i][:-len(".count:")]: int(lines[i + 1])
           for i in range(len(lines)) if lines[i].endswith(".count:")}
    assert got["s0"] + got["s1"] == N
    assert _within(got["s0"], N, 0.25)
    assert _within(got["d0"], N, 0.1)
    assert sum(got[f"w{i}"] for i in range(4)) == N
    assert all(_within(got[f"w{i}"], N, 0.25) for i in range(4))
