#!/usr/bin/env python3
"""Benchmark: decisions per second of clickc's compiled classifiers against a linear
interpretation of the same rules, on ClassBench rule sets and their header traces.

    python3 bench/bench_classifier.py [--rules DIR] [--runs 5] [--repeat N] [--sets acl,fw,ipc]

For each ClassBench set (../shared/rules/classbench/cutsplit/{acl,fw,ipc}_1k with the
``*_trace`` headers), every rule ``@SRC DST SPLO : SPHI DPLO : DPHI PROTO/MASK FLAGS/MASK`` becomes
the IPFilter rule ``K src net SRC && dst net DST && src port >= SPLO && ... && ip proto P``
(output K = rule number mod 8; wildcard fields are left out; a port range implies TCP or UDP, as
IPFilter's ``port`` does).  The trace headers become IPv4 packets (20-byte header, 8 bytes of
ports).  One C program (clang -O2) holds

* ``dag``: the function clickc emits (``clickc.classifier.emit.emit_c``), and
* ``linear``: a table-driven interpreter of the same rule expressions, rule after rule, first
  match wins (the straightforward run-time interpretation; Click's Classifier interprets its
  instruction array similarly),

checks that both agree on every packet, and times each over the trace (``--repeat`` passes).
The figures printed are the median of ``--runs`` runs: million decisions per second and ns per
decision, plus the DAG's size and build time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from typing import Any

from clickc.classifier.dag import build_decision
from clickc.classifier.emit import emit_c
from clickc.classifier.expr import Expr
from clickc.classifier.ipfilter_lang import parse_ipfilter

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_RULES = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "rules", "classbench",
                                              "cutsplit"))


def classbench_to_ipfilter(line: str, k: int) -> str | None:
    """One ClassBench filter line as an IPFilter rule sending to output ``k % 8``."""
    f = line.strip().lstrip("@").split()
    if len(f) < 10:
        return None
    src, dst = f[0], f[1]
    splo, sphi, dplo, dphi = int(f[2]), int(f[4]), int(f[5]), int(f[7])
    proto, pmask = (int(x, 16) for x in f[8].split("/"))
    terms = []
    if not src.endswith("/0"):
        terms.append(f"src net {src}")
    if not dst.endswith("/0"):
        terms.append(f"dst net {dst}")
    for name, lo, hi in (("src", splo, sphi), ("dst", dplo, dphi)):
        if (lo, hi) == (0, 65535):
            continue
        if lo == hi:
            terms.append(f"{name} port {lo}")
        else:
            if lo > 0:
                terms.append(f"{name} port >= {lo}")
            if hi < 65535:
                terms.append(f"{name} port <= {hi}")
    if pmask == 0xFF:
        terms.append(f"ip proto {proto}")
    return f"{k % 8} " + (" && ".join(terms) if terms else "-")


def trace_packets(path: str, limit: int | None = None) -> list[bytes]:
    """IPv4 packets (header + 8 bytes of ports) for the trace's headers."""
    out = []
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) < 5:
                continue
            src, dst, sp, dp, proto = (int(x) for x in p[:5])
            hdr = struct.pack(">BBHHHBBHII", 0x45, 0, 28, 0, 0, 64, proto & 0xFF, 0, src, dst)
            out.append(hdr + struct.pack(">HHI", sp, dp, 0))
            if limit and len(out) >= limit:
                break
    return out


# ---- the linear interpreter (C) ----

OPS = {"T": 0, "F": 1, "A": 2, "and": 3, "or": 4, "not": 5, "ite": 6}


def flatten(rules: list[tuple[Expr, int]]) -> tuple[list[tuple[int, ...]], list[int], list[int]]:
    """Expression nodes as rows (op, a, b, c, region, start, end, mask, value, short), with
    children lists stored in ``kids``; returns (nodes, kids, rule roots)."""
    from clickc.classifier.dag import atom_geometry, span_mask_value
    nodes: list[tuple[int, ...]] = []
    kids: list[int] = []
    memo: dict[Expr, int] = {}

    def add(e: Expr) -> int:
        if e in memo:
            return memo[e]
        k = e[0]
        if k == "A":
            region, start, end, _ = atom_geometry("ip", e)
            m, v = span_mask_value(e[2], e[3])
            row = (2, 0, 0, 0, "mnt".index(region), start, end, m, v, e[4])
        elif k in ("T", "F"):
            row = (OPS[k], 0, 0, 0, 0, 0, 0, 0, 0, 0)
        elif k in ("and", "or"):
            cs = [add(c) for c in e[1]]
            first = len(kids)
            kids.extend(cs)
            row = (OPS[k], first, len(cs), 0, 0, 0, 0, 0, 0, 0)
        elif k == "not":
            row = (5, add(e[1]), 0, 0, 0, 0, 0, 0, 0, 0)
        else:
            row = (6, add(e[1]), add(e[2]), add(e[3]), 0, 0, 0, 0, 0, 0)
        nodes.append(row)
        memo[e] = len(nodes) - 1
        return memo[e]

    roots = [add(e) for e, _ in rules]
    return nodes, kids, roots


LINEAR_C = r"""
typedef struct { int op, a, b, c, region, start, end; uint32_t mask, value; int short_; } lin_node;
static int lin_eval(const lin_node *n, const int *kids, int i, const uint8_t *nh, uint32_t len,
                    uint32_t th_off)
{
    const lin_node *x = &n[i];
    switch (x->op) {
    case 0: return 1;
    case 1: return 0;
    case 2: {
        const uint8_t *base = nh;
        uint32_t avail = len;
        if (x->region == 2) { base = nh + (len > th_off ? th_off : len);
                              avail = len > th_off ? len - th_off : 0; }
        else if (x->region == 0) return x->short_;
        if (x->start < 0 || avail < (uint32_t) x->end) return x->short_;
        uint32_t w = 0;
        for (int k = x->start; k < x->end; k++) w = w << 8 | base[k];
        return (w & x->mask) == x->value;
    }
    case 3:
        for (int k = 0; k < x->b; k++)
            if (!lin_eval(n, kids, kids[x->a + k], nh, len, th_off))
                return 0;
        return 1;
    case 4:
        for (int k = 0; k < x->b; k++)
            if (lin_eval(n, kids, kids[x->a + k], nh, len, th_off))
                return 1;
        return 0;
    case 5: return !lin_eval(n, kids, x->a, nh, len, th_off);
    default:
        return lin_eval(n, kids, x->a, nh, len, th_off)
            ? lin_eval(n, kids, x->b, nh, len, th_off)
            : lin_eval(n, kids, x->c, nh, len, th_off);
    }
}
static int linear(const uint8_t *nh, uint32_t len, uint32_t th_off)
{
    for (int r = 0; r < NRULES; r++)
        if (lin_eval(lin_nodes, lin_kids, lin_roots[r], nh, len, th_off))
            return lin_ports[r];
    return -1;
}
"""

MAIN_C = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
                          return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    int repeat = argc > 1 ? atoi(argv[1]) : 10;
    FILE *f = fopen(argv[2], "rb");
    static uint8_t pk[NPACKETS][28];
    if (!f || fread(pk, 28, NPACKETS, f) != NPACKETS) return 2;
    fclose(f);
    for (int i = 0; i < NPACKETS; i++)
        if (dag(pk[i], 28, 20, NULL, 0) != linear(pk[i], 28, 20)) {
            printf("MISMATCH %d\n", i); return 1; }
    volatile long sink = 0;
    double t0 = now();
    for (int r = 0; r < repeat; r++)
        for (int i = 0; i < NPACKETS; i++)
            sink += dag(pk[i], 28, 20, NULL, 0);
    double t1 = now();
    int lrep = repeat / 10 > 0 ? repeat / 10 : 1;
    for (int r = 0; r < lrep; r++)
        for (int i = 0; i < NPACKETS; i++)
            sink += linear(pk[i], 28, 20);
    double t2 = now();
    printf("%.6f %.6f\n", (t1 - t0) / ((double) repeat * NPACKETS) * 1e9,
           (t2 - t1) / ((double) lrep * NPACKETS) * 1e9);
    return (int) (sink & 0);
}
"""


def bench_set(rules_path: str, trace_path: str, runs: int, repeat: int,
              cc: str) -> dict[str, object]:
    with open(rules_path) as f:
        lines = [ln for ln in f if ln.startswith("@")]
    pats = [r for k, ln in enumerate(lines) if (r := classbench_to_ipfilter(ln, k))]
    rs, diag = parse_ipfilter(pats, 8)
    if diag.nerrors:
        raise SystemExit("\n".join(diag.lines()))
    t0 = time.perf_counter()
    d = build_decision(rs)
    build_s = time.perf_counter() - t0
    packets = trace_packets(trace_path)
    nodes, kids, roots = flatten([(r.expr, r.port) for r in rs.rules])
    src = ["#define _POSIX_C_SOURCE 200809L\n#include <stdint.h>\n#include <string.h>\n",
           emit_c(d, "dag")]
    src.append(f"#define NRULES {len(roots)}\n#define NPACKETS {len(packets)}\n")
    src.append(LINEAR_C.split("static int lin_eval")[0])
    src.append("static const lin_node lin_nodes[] = {\n" + ",\n".join(
        "{" + ", ".join(str(int(x)) for x in row) + "}" for row in nodes) + "};\n")
    src.append("static const int lin_kids[] = {" + ", ".join(map(str, kids or [0])) + "};\n")
    src.append("static const int lin_roots[] = {" + ", ".join(map(str, roots)) + "};\n")
    src.append("static const int lin_ports[] = {" + ", ".join(str(r.port) for r in rs.rules)
               + "};\n")
    src.append("static int lin_eval" + LINEAR_C.split("static int lin_eval")[1])
    src.append(MAIN_C)
    with tempfile.TemporaryDirectory() as td:
        cpath, exe, pk = (os.path.join(td, n) for n in ("b.c", "b", "pk.bin"))
        with open(cpath, "w") as fh:
            fh.write("".join(src))
        with open(pk, "wb") as fh:
            fh.write(b"".join(packets))
        subprocess.run([cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", cpath, "-o", exe],
                       check=True)
        dag_ns, lin_ns = [], []
        for _ in range(runs):
            out = subprocess.run([exe, str(repeat), pk], capture_output=True, text=True,
                                 check=True).stdout.split()
            dag_ns.append(float(out[0]))
            lin_ns.append(float(out[1]))
    return {"rules": len(rs.rules), "packets": len(packets), "dag_tests": d.stats["tests"],
            "mode": d.mode, "build_s": build_s, "dag_ns": statistics.median(dag_ns),
            "linear_ns": statistics.median(lin_ns)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default=DEFAULT_RULES)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--sets", default="acl,fw,ipc")
    ap.add_argument("--cc", default="clang")
    a = ap.parse_args()
    print(f"{'set':6} {'rules':>5} {'DAG tests':>9} {'mode':>8} {'build s':>8} "
          f"{'DAG Md/s':>9} {'ns':>7} {'linear Md/s':>11} {'ns':>9} {'speedup':>8}")
    for name in a.sets.split(","):
        base = os.path.join(a.rules, f"{name}_1k")
        r: dict[str, Any] = bench_set(base, base + "_trace", a.runs, a.repeat, a.cc)
        print(f"{name:6} {r['rules']:5d} {r['dag_tests']:9d} {r['mode']:>8} {r['build_s']:8.1f} "
              f"{1e3 / r['dag_ns']:9.1f} {r['dag_ns']:7.1f} {1e3 / r['linear_ns']:11.3f} "
              f"{r['linear_ns']:9.1f} {r['linear_ns'] / r['dag_ns']:7.0f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
