"""Write the command scripts of tests/lpm/golden/ (random ones from fixed seeds, plus hand-written
ones for known corner cases).  Their expected outputs come from real Click (record_lpm_click.py).

    python3 tests/lpm/gen_cases.py tests/lpm/golden
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

CLASSES = ("StaticIPLookup", "LinearIPLookup", "RadixIPLookup", "DirectIPLookup")
LENGTHS = (0, 1, 8, 9, 16, 20, 23, 24, 25, 26, 28, 31, 32)
GATEWAYS = ("", "- ", "1.1.1.1 ", "2.2.2.2 ", "10.0.0.1 ")


def rand_prefix(rng: random.Random) -> str:
    length = rng.choice(LENGTHS)
    # a small universe so that prefixes nest, repeat and share /24 blocks
    a = (10 << 24) | (rng.choice((0, 1, 128)) << 16) | (rng.choice((0, 2, 255)) << 8)
    a |= rng.choice((0, 1, 64, 128, 129, 200, 255))
    if rng.random() < 0.1:
        a = rng.getrandbits(32)
    mask = (0xFFFFFFFF << (32 - length)) & 0xFFFFFFFF if length else 0
    a &= mask if rng.random() < 0.8 else 0xFFFFFFFF  # sometimes host bits set
    return f"{a >> 24}.{(a >> 16) & 255}.{(a >> 8) & 255}.{a & 255}/{length}"


def rand_addr(rng: random.Random) -> str:
    a = (10 << 24) | (rng.choice((0, 1, 128, 7)) << 16) | (rng.choice((0, 2, 255, 9)) << 8)
    a |= rng.randrange(256)
    if rng.random() < 0.15:
        a = rng.getrandbits(32)
    return f"{a >> 24}.{(a >> 16) & 255}.{(a >> 8) & 255}.{a & 255}"


def rand_route(rng: random.Random, nout: int) -> str:
    port = rng.randrange(nout) if rng.random() < 0.95 else nout
    return f"{rand_prefix(rng)} {rng.choice(GATEWAYS)}{port}"


def script(cls: str, seed: int, nops: int) -> list[str]:
    rng = random.Random(seed)
    nout = rng.choice((2, 3))
    routes = [rand_route(rng, nout) for _ in range(rng.randrange(4, 14))]
    routes = [r for r in routes if not r.endswith(f" {nout}")]  # configure errors stop Click
    lines = [f"class {cls} {nout}", "config " + ", ".join(routes), "table"]
    live: list[str] = list(routes)
    for _ in range(nops):
        op = rng.random()
        if cls == "StaticIPLookup" or op < 0.2:
            lines.append(f"lookup {rand_addr(rng)}")
        elif op < 0.45:
            r = rand_route(rng, nout)
            lines.append(f"add {r}")
            live.append(r)
        elif op < 0.55:
            lines.append(f"set {rand_route(rng, nout)}")
        elif op < 0.75:
            if live and rng.random() < 0.7:
                words = rng.choice(live).split()
                if rng.random() < 0.5:
                    words = words[:1]
                lines.append("remove " + " ".join(words))
            else:
                lines.append(f"remove {rand_prefix(rng)}")
        elif op < 0.85:
            lines.append("table")
        elif op < 0.9:
            verb = rng.choice(("add", "set", "remove", "bogus"))
            lines.append(f"ctrl {verb} {rand_route(rng, nout)}")
        elif op < 0.93 and cls in ("RadixIPLookup", "DirectIPLookup"):
            lines.append("flush")
        else:
            lines.append(f"lookup {rand_addr(rng)}")
    lines.append("table")
    return lines


HAND = {
    "linear-zero-route": [
        "class LinearIPLookup 2",
        "config 1.0.0.0/8 0, 2.0.0.0/8 1, 3.0.0.0/8 0, 0.0.0.0/32 1, 4.0.0.0/8 1",
        "remove 2.0.0.0/8", "table", "remove 1.0.0.0/8", "table", "add 5.0.0.0/8 0",
        "add 6.0.0.0/8 1", "table", "lookup 0.0.0.0", "remove 0.0.0.0/32", "add 7.0.0.0/8 0",
        "table",
    ],
    "config-errors": [
        "class LinearIPLookup 2",
        "config 1.2.3.4/33 1, 1.2.3.0/24 2, 1.2.3.0/24 1, foo 1, 1.2.3/25 0, 1.2.3.4/24 1.1.1 1,"
        " 1.2.3.4/24 - - 1, 2.0.0.0/8 -1, 3.0.0.0/8 0 extra, , 4.0.0.0/8 1, 4.0.0.0/8 0",
    ],
    "direct-vport-sharing": [
        "class DirectIPLookup 2",
        "config 0/0 1.1.1.1 0, 10/8 1.1.1.1 0, 11/8 2.2.2.2 1",
        "table", "remove 0/0", "table", "lookup 10.1.1.1", "lookup 12.0.0.1",
        "add 0/0 2.2.2.2 1", "table", "lookup 10.1.1.1", "add 12/8 2.2.2.2 1", "set 0/0 0",
        "table", "lookup 12.0.0.1",
    ],
    "syntax": [
        "class RadixIPLookup 3",
        "config 18.26.4/24 1, 18.26.4.9 2, 18.26.4.0/255.255.255.0 0, 0/0 18.26.4.1 0x2,"
        " 5.6.7.8/0.0.0.0 1 /* comment */ , 18.26.4.0/255.255.255.0 1",
        "table", "add 20.0.0.0/8 -1", "add 20.0.0.0/8 3", "add 20.0.0.0/8", "add 20/8 - 010",
        "add 21/8 1.2.3.4 +1", "add 22/8 1_0", "add 23/8 0 0", "remove 20/8 1.2.3.4",
        "remove 20/8 8", "remove 99/8", "remove 20/8", "lookup 1.2.3", "lookup 20.1.1.1",
        "lookup 21.1.1.1", "table",
    ],
}


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for ci, cls in enumerate(CLASSES):
        for k in range(5):
            seed = 1000 * ci + k
            lines = script(cls, seed, 80)
            (out / f"random-{cls.lower()}-{k}.cmds").write_text("\n".join(lines) + "\n")
    for name, lines in HAND.items():
        (out / f"{name}.cmds").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
