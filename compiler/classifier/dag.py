"""Decision DAGs for classifier rule sets: construction, evaluation and reference semantics.

A rule set (first matching rule wins) is compiled into a DAG whose inner nodes each test one
masked packet word with a multi-way branch (``switch`` on the masked value, a default branch, and
a branch for packets too short to hold the tested bytes) and whose leaves are output ports.

Construction is a specialization of the rule list by the facts learnt on the path (Shannon
expansion with knowledge, a standard technique of decision-diagram classifiers): at each node the
rules are simplified under what earlier tests established about packet words and lengths, tests
whose outcome is implied are removed, all values the remaining rules compare the same word under
the same mask are tested by one multi-way node (Click's ``CompressedProgram`` groups such values
for binary search), and equal residual problems and structurally equal subgraphs are shared
(hash-consing).  This subsumes Click's optimizations in elements/standard/classification.cc
(dominator-based removal of redundant tests, combining tests of the same word, sharing).  When a
rule set is too large for full specialization (``budget`` nodes), construction falls back to
cutting the rules into consecutive chunks (as large as fit a per-chunk budget, down to single
rules), specializing each chunk alone and continuing at the next chunk's shared entry, with
what was learnt forgotten, when all of a chunk's rules fail; this keeps the DAG linear in the
size of the rules, like Click's programs, while still sharing tests inside each chunk.

Packet-length semantics are Click's: a test on bytes past the end of the region takes the atom's
"short" result (see ``expr``).  Regions: Classifier reads the packet data ("d"); IPClassifier and
IPFilter read the MAC header ("m", virtual offsets 0..255, MAC header at offset 2), the IP header
("n", 256..511) and the transport header ("t", 512..), as Click's IPFilter.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from .expr import FALSE, OFFSET_NET, OFFSET_TRANSP, TRUE, Expr, evaluate, span
from .rules import DROP, RuleSet

INF = 1 << 40


def locate(space: str, off: int) -> tuple[str, int]:
    """Map a word offset of ``space`` to (region, offset of the word within the region)."""
    if space == "classifier":
        return "d", off
    if off < OFFSET_NET:
        return "m", off - 2
    if off < OFFSET_TRANSP:
        return "n", off - OFFSET_NET
    return "t", off - OFFSET_TRANSP


@dataclass(frozen=True)
class Packet:
    """A packet as the classifier sees it.  ``data``: for Classifier the packet data; for
    IPClassifier/IPFilter the bytes from the IP header to the end of the packet.  ``th_off``:
    transport header offset from the IP header (Click's transport header annotation).
    ``mac``: bytes from the MAC header to the end of the packet, or None when unset."""

    data: bytes
    th_off: int = 0
    mac: bytes | None = None

    def region(self, name: str) -> bytes:
        if name == "d" or name == "n":
            return self.data
        if name == "t":
            return self.data[self.th_off:] if len(self.data) > self.th_off else b""
        return self.mac if self.mac is not None else b""


def atom_geometry(space: str, a: Expr) -> tuple[str, int, int, int]:
    """(region, first byte offset, last byte offset + 1, 8-bit shift) of the bytes an atom
    reads; the shift brings the last byte to the low end of the span value."""
    region, rel = locate(space, a[1])
    first, last = span(a[2])
    return region, rel + first, rel + last + 1, 8 * (3 - last)


def span_mask_value(mask: int, value: int) -> tuple[int, int]:
    """The atom's mask and value restricted to its byte span (right-aligned)."""
    first, last = span(mask)
    shift = 8 * (3 - last)
    width = 8 * (last - first + 1)
    m = (1 << width) - 1
    return (mask >> shift) & m, (value >> shift) & m


def eval_atom(space: str, a: Expr, pkt: Packet) -> bool:
    """One atom on one packet, with Click's short-packet rule."""
    region, start, end, shift = atom_geometry(space, a)
    data = pkt.region(region)
    if start < 0 or len(data) < end:
        return bool(a[4])
    word = int.from_bytes(data[start:end], "big")
    m, v = span_mask_value(a[2], a[3])
    return (word & m) == v


def reference_classify(rs: RuleSet, pkt: Packet) -> int:
    """The straightforward semantics: interpret the rules in order, return the first matching
    rule's port (-1 = drop)."""
    for r in rs.rules:
        if evaluate(r.expr, lambda a: eval_atom(rs.space, a, pkt)):
            return r.port
    return DROP


# ---------------------------------------------------------------------------------------------
# The DAG


@dataclass(frozen=True)
class Leaf:
    port: int


@dataclass(frozen=True)
class Test:
    """Test the bytes [start, end) of ``region`` (big-endian) under ``mask``: go to the node of
    the matching case value, else ``default``; packets with fewer than ``end`` bytes in the
    region go to ``short`` (None when earlier tests guarantee the length)."""

    region: str
    start: int
    end: int
    mask: int
    cases: tuple[tuple[int, int], ...]
    default: int
    short: int | None


Node = Leaf | Test


@dataclass
class Decision:
    """A compiled classifier: ``nodes[root]`` is the entry; node ids are list indices.
    ``rules`` is the source rule set (kept for comments and checks); ``mode`` says how it was
    built ("full" or "chunked")."""

    space: str
    nodes: list[Node]
    root: int
    rules: RuleSet
    mode: str = "full"
    stats: dict[str, int] = field(default_factory=dict)

    def classify(self, pkt: Packet) -> int:
        """Run the DAG on a packet: the output port, or -1 to drop."""
        n = self.nodes[self.root]
        while isinstance(n, Test):
            data = pkt.region(n.region)
            if n.start < 0 or len(data) < n.end:
                assert n.short is not None, "length guaranteed by construction was not"
                n = self.nodes[n.short]
                continue
            x = int.from_bytes(data[n.start:n.end], "big") & n.mask
            nxt = n.default
            for v, t in n.cases:
                if v == x:
                    nxt = t
                    break
            n = self.nodes[nxt]
        return n.port

    def reachable_ports(self) -> set[int]:
        """Ports of the leaves reachable from the root."""
        return {n.port for n in (self.nodes[i] for i in self.order()) if isinstance(n, Leaf)}

    def order(self) -> list[int]:
        """Reachable node ids in a deterministic depth-first preorder from the root."""
        seen: set[int] = set()
        out: list[int] = []
        stack = [self.root]
        while stack:
            i = stack.pop()
            if i in seen:
                continue
            seen.add(i)
            out.append(i)
            n = self.nodes[i]
            if isinstance(n, Test):
                succ = [t for _, t in n.cases] + [n.default]
                if n.short is not None:
                    succ.append(n.short)
                stack.extend(reversed(succ))
        return out


class _Budget(Exception):
    pass


# Knowledge: words maps a word offset to (known mask, known value, not-equal facts);
# lengths maps a region to (lo, hi): lo <= available bytes < hi.
_Words = dict[int, tuple[int, int, frozenset[tuple[int, int]]]]
_Lengths = dict[str, tuple[int, int]]


class _Builder:
    def __init__(self, rs: RuleSet, budget: int, per_rule: bool) -> None:
        self.rs = rs
        self.space = rs.space
        self.budget = budget
        self.per_rule = per_rule
        self.nodes: list[Node] = []
        self.intern: dict[Node, int] = {}
        self.memo: dict[object, int] = {}
        self.geom: dict[Expr, tuple[str, int, int, int]] = {}
        self.offs_cache: dict[Expr, frozenset[int]] = {}
        self.regions_cache: dict[Expr, frozenset[str]] = {}
        self.originals = tuple((i, r.expr, r.port) for i, r in enumerate(rs.rules))
        self.work = 0
        self.work_budget = 400_000 if not per_rule else 1 << 62
        # chunked mode: the rules are cut into consecutive chunks, each specialized alone;
        # when every rule of a chunk has failed, the DAG continues at the next chunk's entry
        # (what the chunk's tests taught is forgotten).  chunk_end[i] is the index after the
        # chunk of rule i; entries[j] the entry node of the chunk starting at rule j.
        self.chunk_end: list[int] = []
        self.entries: dict[int, int] = {}

    #: chunk sizes tried, largest first, and the node budget of one chunk
    CHUNKS = (256, 64, 16, 4, 1)
    CHUNK_NODES = 3000

    def build_chunked(self) -> int:
        """Chunked construction, from the last rules to the first: each chunk is the largest of
        ``CHUNKS`` whose full specialization fits ``CHUNK_NODES`` nodes (single rules always
        fit: their size is linear in the rule)."""
        n = len(self.originals)
        self.chunk_end = [n] * n
        self.entries = {n: self.node(Leaf(DROP))}
        end = n
        first = 0  # start from one size above the last chunk that fitted
        while end > 0:
            for k in range(first, len(self.CHUNKS)):
                size = self.CHUNKS[k]
                start = max(0, end - size)
                for i in range(start, end):
                    self.chunk_end[i] = end
                single = size == 1 or start == end - 1
                self.budget = len(self.nodes) + (1 << 62 if single else self.CHUNK_NODES)
                self.work, self.work_budget = 0, (1 << 62 if single else 10 * self.CHUNK_NODES)
                try:
                    self.entries[start] = self.build(self.originals[start:end], {}, {})
                except (_Budget, RecursionError):
                    continue
                first = max(0, k - 1)
                break
            end = start
        return self.entries[0]

    # -- helpers --
    def node(self, n: Node) -> int:
        i = self.intern.get(n)
        if i is None:
            i = len(self.nodes)
            self.nodes.append(n)
            self.intern[n] = i
            if len(self.nodes) > self.budget:
                raise _Budget()
        return i

    def geometry(self, a: Expr) -> tuple[str, int, int, int]:
        g = self.geom.get(a)
        if g is None:
            g = self.geom[a] = atom_geometry(self.space, a)
        return g

    def offs(self, e: Expr) -> frozenset[int]:
        r = self.offs_cache.get(e)
        if r is None:
            k = e[0]
            if k == "A":
                r = frozenset((e[1],))
            elif k in ("T", "F"):
                r = frozenset()
            elif k in ("and", "or"):
                r = frozenset().union(*(self.offs(c) for c in e[1]))
            elif k == "not":
                r = self.offs(e[1])
            else:
                r = self.offs(e[1]) | self.offs(e[2]) | self.offs(e[3])
            self.offs_cache[e] = r
        return r

    def atom_value(self, a: Expr, words: _Words, lengths: _Lengths) -> bool | None:
        region, start, end, _ = self.geometry(a)
        if start < 0:
            return bool(a[4])
        lo, hi = lengths.get(region, (0, INF))
        if hi <= end:
            return bool(a[4])
        bitval: bool | None = None
        w = words.get(a[1])
        if w is not None:
            kmask, kval, neq = w
            mask, value = a[2], a[3]
            if kmask & mask & (kval ^ value):
                bitval = False
            elif (kmask & mask) == mask:
                bitval = True
            else:
                for m, v in neq:
                    if (m & ~mask) == 0 and (value & m) == v:
                        bitval = False
                        break
        if lo >= end:
            return bitval
        if bitval is not None and bitval == bool(a[4]):
            return bitval
        return None

    def simplify(self, e: Expr, words: _Words, lengths: _Lengths) -> Expr:
        k = e[0]
        if k == "A":
            v = self.atom_value(e, words, lengths)
            return e if v is None else (TRUE if v else FALSE)
        if k in ("T", "F"):
            return e
        if k in ("and", "or"):
            # FALSE absorbs an "and" and TRUE is its unit; "or" is the dual
            absorb, unit = (FALSE, TRUE) if k == "and" else (TRUE, FALSE)
            out = []
            for c in e[1]:
                s = self.simplify(c, words, lengths)
                if s == absorb:
                    return absorb
                if s != unit:
                    out.append(s)
            return unit if not out else out[0] if len(out) == 1 else (k, tuple(out))
        if k == "not":
            s = self.simplify(e[1], words, lengths)
            return FALSE if s == TRUE else TRUE if s == FALSE else ("not", s)
        c = self.simplify(e[1], words, lengths)
        if c == TRUE:
            return self.simplify(e[2], words, lengths)
        if c == FALSE:
            return self.simplify(e[3], words, lengths)
        t = self.simplify(e[2], words, lengths)
        f = self.simplify(e[3], words, lengths)
        return t if t == f else ("ite", c, t, f)

    @staticmethod
    def first_atom(e: Expr) -> Expr:
        while e[0] != "A":
            e = e[1][0] if e[0] in ("and", "or") else e[1]
        return e

    def collect_values(self, e: Expr, off: int, mask: int, out: set[int]) -> None:
        k = e[0]
        if k == "A":
            if e[1] == off and e[2] == mask:
                out.add(e[3])
        elif k in ("and", "or"):
            for c in e[1]:
                self.collect_values(c, off, mask, out)
        elif k == "not":
            self.collect_values(e[1], off, mask, out)
        elif k == "ite":
            for c in e[1:]:
                self.collect_values(c, off, mask, out)

    # -- construction --
    def regions(self, e: Expr) -> frozenset[str]:
        r = self.regions_cache.get(e)
        if r is None:
            r = self.regions_cache[e] = frozenset(locate(self.space, o)[0] for o in self.offs(e))
        return r

    def build(self, rules: tuple[tuple[int, Expr, int], ...], words: _Words,
              lengths: _Lengths, changed_off: int | None = None,
              changed_region: str | None = None, everything: bool = True) -> int:
        """The node for ``rules`` (already simplified under the parent's knowledge) given
        ``words``/``lengths``; only rules reading ``changed_off`` or ``changed_region`` (the
        knowledge added since the parent) are simplified again, unless ``everything``."""
        self.work += 1
        if self.work > self.work_budget:
            raise _Budget()
        res: list[tuple[int, Expr, int]] = []
        for idx, e, port in rules:
            if everything or changed_off in self.offs(e) or \
                    (changed_region is not None and changed_region in self.regions(e)):
                s = self.simplify(e, words, lengths)
            else:
                s = e
            if s == FALSE:
                continue
            res.append((idx, s, port))
            if s == TRUE:
                break
        if self.per_rule and not res:
            # the chunk's rules all failed: continue with the next chunk, forgetting what
            # was learnt
            return self.entries[self.chunk_end[rules[0][0]]]
        if not res:
            return self.node(Leaf(DROP))
        if res[0][1] == TRUE:
            return self.node(Leaf(res[0][2]))
        residual = tuple(res)
        offs = frozenset().union(*(self.offs(e) for _, e, _ in residual))
        regions = {self.geometry_region(o) for o in offs}
        key = (residual,
               tuple(sorted((o, w) for o, w in words.items() if o in offs)),
               tuple(sorted((r, lh) for r, lh in lengths.items() if r in regions)))
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        a = self.first_atom(residual[0][1])
        off, mask = a[1], a[2]
        region, start, end, shift = self.geometry(a)
        values: set[int] = set()
        scope = residual
        for _, e, _ in scope:
            self.collect_values(e, off, mask, values)
        kw = words.get(off, (0, 0, frozenset()))
        values = {v for v in values
                  if not (kw[0] & mask & (kw[1] ^ v))
                  and not any((m & ~mask) == 0 and (v & m) == fv for m, fv in kw[2])}
        lo, hi = lengths.get(region, (0, INF))
        long_lengths = dict(lengths)
        long_lengths[region] = (max(lo, end), hi)
        lreg = region if lo < end else None
        cases: list[tuple[int, int]] = []
        for v in sorted(values):
            nw = dict(words)
            nw[off] = ((kw[0] | mask), (kw[1] & ~mask) | v, kw[2])
            cases.append((v, self.build(residual, nw, long_lengths, off, lreg, False)))
        dw = dict(words)
        dw[off] = (kw[0], kw[1], kw[2] | frozenset((mask, v) for v in values))
        default = self.build(residual, dw, long_lengths, off, lreg, False)
        short: int | None = None
        if lo < end:
            sl = dict(lengths)
            sl[region] = (lo, min(hi, end))
            short = self.build(residual, words, sl, None, region, False)
        targets = {t for _, t in cases} | {default} | ({short} if short is not None else set())
        if len(targets) == 1:
            result = default
        else:
            m_span, _ = span_mask_value(mask, 0)
            cases = [(span_mask_value(mask, v)[1], t) for v, t in cases if t != default]
            result = self.node(Test(region, start, end, m_span, tuple(cases), default, short))
        self.memo[key] = result
        return result

    def geometry_region(self, off: int) -> str:
        return locate(self.space, off)[0]


def build_decision(rs: RuleSet, budget: int = 20000) -> Decision:
    """Compile a rule set into an optimized decision DAG.

    ``budget`` bounds the number of nodes of full specialization (and its work is bounded
    too); beyond it the chunked construction is used (its size and time are linear in the
    rules).  The result classifies every packet
    exactly as ``reference_classify`` does (property-tested in tests/classifier)."""
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20000))
    try:
        return _build(rs, budget)
    finally:
        sys.setrecursionlimit(old_limit)


def _build(rs: RuleSet, budget: int) -> Decision:
    for per_rule in (False, True):
        b = _Builder(rs, budget if not per_rule else 1 << 62, per_rule)
        try:
            root = b.build_chunked() if per_rule else b.build(b.originals, {}, {})
        except (_Budget, RecursionError):
            if per_rule:
                raise
            continue
        d = Decision(rs.space, b.nodes, root, rs, "chunked" if per_rule else "full")
        d.stats = {"nodes": len(d.order()),
                   "tests": sum(1 for i in d.order() if isinstance(d.nodes[i], Test))}
        return d
    raise AssertionError("unreachable")


def unused_outputs(d: Decision) -> Sequence[int]:
    """Outputs no packet can reach (Click warns "output N matches no packets")."""
    ports = d.reachable_ports()
    return [i for i in range(d.rules.noutputs) if i not in ports]
