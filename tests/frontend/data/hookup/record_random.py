"""Record random port/connection configurations with Click's driver.

    cd tests/frontend/data/hookup && python3 record_random.py [N] [SEED] > random.cases

Writes N configurations (drawn with Python's ``random.Random(SEED)``: 2-6 elements, declared
first, of classes with different port counts and processing, 1-8 connections, mostly on port 0)
and, for each, the exit status and standard error of ``$CLICK_PREFIX/bin/click -q f.click``
run in a temporary directory.  Each case is ``=== CASE``, the configuration, ``--- exit
STATUS`` and Click's standard error.  Used by tests/frontend/test_hookup_errors.py (no Click
needed).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

CLASSES = ["Queue", "Counter", "Tee", "Discard", "Idle", "InfiniteSource", "Unqueue",
           "Shaper(1)", "TimedSource(1)", "TimedSink", "RoundRobinSched", "Paint(1)",
           "Suppressor", "Null", "PullNull", "PushNull", "StaticSwitch(0)",
           "ARPQuerier(1.0.0.1, 0:1:2:3:4:5)", "CheckPaint(1)", "Classifier(-)",
           "ARPResponder(1.0.0.1 0:1:2:3:4:5)", "PrioSched", "PullTee", "CheckIPHeader",
           "Block(1)", "CopyFlowID", "CheckLength(10)"]
OUT_PORTS = [0] * 8 + [1, 2]   # mostly port 0: the later checks need ranges that hold
IN_PORTS = [0] * 9 + [1]


def config(rng: random.Random) -> str:
    ne = rng.randint(2, 6)
    decls = [f"e{i} :: {rng.choice(CLASSES)};" for i in range(ne)]
    rng.shuffle(decls)   # the router's element order is not the names' order
    conns = []
    for _ in range(rng.randint(1, 8)):
        a, b = rng.randrange(ne), rng.randrange(ne)
        conns.append(f"e{a}[{rng.choice(OUT_PORTS)}] -> [{rng.choice(IN_PORTS)}] e{b};")
    return "\n".join(decls + conns) + "\n"


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    if not os.environ.get("CLICK_PREFIX"):
        sys.exit("set CLICK_PREFIX to Click's install prefix (docs/testing.md)")
    click = os.path.join(os.environ["CLICK_PREFIX"], "bin", "click")
    with tempfile.TemporaryDirectory() as d:
        for k in range(n):
            text = config(rng)
            (Path(d) / "f.click").write_text(text)
            r = subprocess.run([click, "-q", "f.click"], cwd=d,
                               capture_output=True, text=True, timeout=10)
            sys.stdout.write(f"=== {k}\n{text}--- exit {r.returncode}\n{r.stderr}")


if __name__ == "__main__":
    main()
