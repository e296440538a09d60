"""Benchmark: parse and flatten a generated configuration of about 5,000 elements.

Not a test.  Run ``python bench/bench_flatten.py [--elements N] [--runs R]``; it prints the
median wall time of R runs of ``clickc.frontend.parse_string`` (lexing and parsing with the
ANTLR Python runtime, Click's semantic actions, compound expansion, conversion to a
RouterGraph), the time of each phase in the median run, and the same for ``unparse``.

The configuration mixes what real ones contain: declarations with configuration strings,
anonymous elements in chains, ``=>`` port lists, element groups, and a two-level compound
class with parameters expanded many times (so part of the elements come from flattening).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time


def generate(n_elements: int) -> str:
    """A configuration whose flat form has about ``n_elements`` elements."""
    lines = [
        "define($BURST 8);",
        "elementclass Stage { $color, BURST $b |",
        "  input -> Paint($color) -> q :: Queue(${b}0) -> Unqueue(BURST $b)",
        "        -> s :: Strip(14) -> output;",
        "}",
        "elementclass Path { $c |",
        "  input -> a :: Stage($c, BURST $BURST) -> Stage($c, BURST 2)",
        "        -> CheckIPHeader(0, VERBOSE false) -> output;",
        "}",
    ]
    count = 0
    i = 0
    while count < n_elements:
        k = i % 4
        if k == 0:   # declarations and a chain: 5 elements
            lines.append(f"src{i} :: InfiniteSource(LIMIT 100, BURST $BURST) /* src */;")
            lines.append(f"src{i} -> Counter -> c{i} :: Classifier(12/0800, 12/0806, -);")
            lines.append(f"c{i} [0] -> Discard; c{i} [1, 2] => Discard, Discard;")
            count += 6
        elif k == 1:  # compound expansion: 1 + 2*(4) + 1 elements
            lines.append(f"Idle -> p{i} :: Path({i % 7}) -> Discard;")
            count += 11
        elif k == 2:  # element group
            lines.append(f"t{i} :: Tee(2) => ( -> Print(\"g{i}\") -> ), "
                         f"( -> SetTimestamp -> ) -> Discard;")
            lines.append(f"Idle -> t{i};")
            count += 5
        else:         # long anonymous chain with a multi-line config string
            lines.append(f"RatedSource(\"x{i}\",\n   10, 100) -> Queue(5) -> Unqueue\n"
                         f"  -> IPEncap(4, 1.0.0.1, 2.0.0.2) -> ToDump(/tmp/x{i}.pcap);")
            count += 5
        i += 1
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elements", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)

    from clickc.errors import ErrorHandler
    from clickc.frontend import to_graph, unparse
    from clickc.frontend.builder import Builder

    text = generate(args.elements)
    results = []
    for _ in range(args.runs):
        errh = ErrorHandler()
        c0 = time.process_time()
        t0 = time.perf_counter()
        b = Builder(errh)
        b.read(text, "bench.click")
        r = b.finish(None)
        t1 = time.perf_counter()
        r.flatten(errh)
        t2 = time.perf_counter()
        g = to_graph(r)
        t3 = time.perf_counter()
        c3 = time.process_time()
        out = unparse(g)
        t4 = time.perf_counter()
        assert errh.nerrors == 0, errh.diagnostics[:3]
        results.append((t3 - t0, t1 - t0, t2 - t1, t3 - t2, t4 - t3, c3 - c0))
    med = sorted(results)[len(results) // 2]
    print(f"configuration: {len(text.splitlines())} lines, {len(text)} bytes; "
          f"flat router: {len(g)} elements, {len(g.connections())} connections, "
          f"{len(out)} bytes unparsed")
    print(f"parse_string median of {args.runs} runs: "
          f"{statistics.median(r[0] for r in results):.3f} s wall, "
          f"{statistics.median(r[5] for r in results):.3f} s CPU"
          f"  (median run: parse+build {med[1]:.3f} s, flatten {med[2]:.3f} s, "
          f"to_graph {med[3]:.3f} s)")
    print(f"unparse: {med[4]:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
