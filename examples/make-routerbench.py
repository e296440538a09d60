#!/usr/bin/env python3
"""Build the full RouterBench-style example from examples/routerbench.click.

The template's two marked blocks (``// @ACL BEGIN`` ... ``// @ACL END`` and ``// @ROUTES BEGIN``
... ``// @ROUTES END``) are replaced by

- a real ClassBench rule set (../shared/rules/classbench/...; format of ClassBench's
  db_generator: ``@SRC/LEN DST/LEN SPLO : SPHI DPLO : DPHI PROTO/MASK FLAGS/MASK``), each rule
  becoming one IPFilter ``deny`` rule in the same (first-match) order: address prefixes as
  ``src net``/``dst net`` (``/0`` omitted), port ranges as ``src port``/``dst port`` tests
  (a single port as ``port N``, a range as ``>= LO && <= HI``, a bound at 0 or 65535
  omitted), the protocol as ``ip proto P`` when its mask is 0xFF.  A rule that matches every
  packet (the set's final catch-all) is left out: the template's closing ``allow all`` plays
  its part, so the access list drops exactly the packets a specific rule matches.  The
  TCP-flags column is ignored (IPFilter rules match flags only per flag name, and the
  ClassBench sets use it as a don't-care in almost every rule);
- a real route table (../shared/routes/...): ``PREFIX/LEN ASN`` lines (pyasn format, as the
  RouteViews tables) or ``PREFIX/LEN NEXTHOP IFACE`` lines (the FIB dumps), each prefix
  routed to output ASN mod 4 (or a hash of the interface name mod 4).

Nothing from ../shared is copied into the repository: the result goes to ``-o`` (default
out/routerbench.click).

Usage: python3 examples/make-routerbench.py [--rules FILE] [--routes FILE] [--max-rules N]
       [--max-routes N] [-o OUT]
"""

from __future__ import annotations

import argparse
import ipaddress
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared"
TEMPLATE = HERE / "routerbench.click"
DEFAULT_RULES = SHARED / "rules" / "classbench" / "filtersets" / "acl1_1k"
DEFAULT_ROUTES = SHARED / "routes" / "routeviews-20140513-pyasn.txt"
NPORTS = 4


class FormatError(Exception):
    """A line of a rule set or route table that cannot be read (message names file:line)."""


def _ports(side: str, lo: int, hi: int) -> list[str]:
    if lo == hi:
        return [f"{side} port {lo}"]
    tests = []
    if lo > 0:
        tests.append(f"{side} port >= {lo}")
    if hi < 65535:
        tests.append(f"{side} port <= {hi}")
    return tests


def classbench_rule(line: str, where: str) -> str:
    """One ClassBench filter line -> the IPFilter rule text (without the action); "" for a
    rule that matches every packet.

    Raises FormatError for a malformed line."""
    f = line.split()
    if len(f) < 9 or not f[0].startswith("@") or f[3] != ":" or f[6] != ":":
        raise FormatError(f"{where}: not a ClassBench filter line")
    try:
        src = ipaddress.IPv4Network(f[0][1:], strict=False)
        dst = ipaddress.IPv4Network(f[1], strict=False)
        splo, sphi, dplo, dphi = int(f[2]), int(f[4]), int(f[5]), int(f[7])
        proto, pmask = (int(x, 16) for x in f[8].split("/"))
    except ValueError as e:
        raise FormatError(f"{where}: {e}") from None
    tests = []
    if src.prefixlen:
        tests.append(f"src net {src}")
    if dst.prefixlen:
        tests.append(f"dst net {dst}")
    if pmask == 0xFF:
        tests.append(f"ip proto {proto}")
    tests += _ports("src", splo, sphi) + _ports("dst", dplo, dphi)
    return " && ".join(tests)


def route_entry(line: str, where: str) -> str | None:
    """One route table line -> ``PREFIX/LEN PORT`` (None for a comment or non-IPv4 line)."""
    f = line.split()
    if not f or f[0].startswith(("#", ";")):
        return None
    try:
        net = ipaddress.IPv4Network(f[0], strict=False)
    except ValueError:
        if ":" in f[0]:
            return None  # IPv6
        raise FormatError(f"{where}: bad prefix {f[0]!r}") from None
    if len(f) >= 3:  # PREFIX NEXTHOP IFACE: the interface chooses the port
        port = zlib.crc32(f[2].encode()) % NPORTS
    elif len(f) == 2 and f[1].isdigit():
        port = int(f[1]) % NPORTS
    else:
        port = 0
    return f"{net} {port}"


def build(template: str, rules: list[str], routes: list[str]) -> str:
    """The template with its marked blocks replaced."""
    def replace(text: str, tag: str, body: list[str]) -> str:
        begin = text.index(f"// @{tag} BEGIN")
        end = text.index(f"// @{tag} END")
        end = text.index("\n", end) + 1
        return text[:begin] + "".join(body) + text[end:]
    acl = [f"        deny {r},\n" for r in rules]
    rt = [f"        {r},\n" for r in routes]
    return replace(replace(template, "ACL", acl), "ROUTES", rt)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    ap.add_argument("--routes", type=Path, default=DEFAULT_ROUTES)
    ap.add_argument("--max-rules", type=int, default=0, help="use the first N rules (0: all)")
    ap.add_argument("--max-routes", type=int, default=0, help="use the first N routes (0: all)")
    ap.add_argument("-o", "--output", type=Path, default=Path("out/routerbench.click"))
    a = ap.parse_args(argv)
    try:
        rules = []
        for i, line in enumerate(a.rules.read_text().splitlines(), 1):
            if line.strip():
                rule = classbench_rule(line, f"{a.rules}:{i}")
                if rule:  # "" is the catch-all
                    rules.append(rule)
            if a.max_rules and len(rules) >= a.max_rules:
                break
        routes = []
        for i, line in enumerate(a.routes.read_text().splitlines(), 1):
            r = route_entry(line, f"{a.routes}:{i}")
            if r is not None:
                routes.append(r)
            if a.max_routes and len(routes) >= a.max_routes:
                break
    except (OSError, FormatError) as e:
        print(f"make-routerbench: {e}", file=sys.stderr)
        return 1
    text = build(TEMPLATE.read_text(), rules, routes)
    header = (f"// Generated by examples/make-routerbench.py from {TEMPLATE.name}: "
              f"{len(rules)} rules of {a.rules.name}, {len(routes)} routes of {a.routes.name}.\n")
    a.output.parent.mkdir(parents=True, exist_ok=True)
    a.output.write_text(header + text)
    print(f"{a.output}: {len(rules)} access-list rules, {len(routes)} routes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
