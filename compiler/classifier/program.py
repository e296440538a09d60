"""Click's wordwise classifier programs, for the text of the ``program`` handler.

Click's Classifier, IPClassifier and IPFilter answer their ``program`` handler with the
instruction list of their classifier program after Click's own optimizations.  clickc compiles
its own decision DAG (``dag``) for classifying; this module rebuilds the program Click would run,
only to print it (issue 18: tools and tests read that text).  The algorithms follow Click's
description of them in elements/standard/classification.{hh,cc} (read for semantics, not copied):

* A program is a list of instructions ``Insn``: "the 32-bit word at ``offset`` ANDed with
  ``mask`` equals ``value``", with a "yes" and a "no" jump (a positive jump is an instruction
  index, always forward; ``j <= 0`` is output ``-j``; ``J_NEVER`` drops) and ``short``, the
  branch a packet too short for the tested bytes takes.  Masks and values are big-endian
  integers (the first packet byte is the most significant).
* Construction: each rule's expression (``expr``) becomes instructions in the order its atoms
  appear; a conjunction's part jumps to the next part on success, a disjunction's on failure, a
  negation swaps the targets, ``c ? t : e`` jumps from ``c`` to ``t`` or ``e``; constants are
  mask-0 instructions (which match every packet), as Click writes ``true``/``false``/``-``.
* Optimization (``Program.optimize``): a bubble sort of chained conjunctions by offset, mask and
  value; the dominator optimizer, which keeps for every instruction up to four sets of branches
  that every path to it contains and moves a jump past any instruction those branches decide;
  merging of compatible adjacent instructions; removal of instructions that decide nothing and
  of unreachable ones.
* IPFilter builds one program per rule and merges them pairwise (a binary tree of "or"s),
  optimizing after every merge, then compresses chains of tests of one word (``compressed``).

Everything here runs at compile time; the text becomes the handler's constant.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .expr import Expr
from .rules import DROP, RuleSet

#: Jump meaning "drop the packet" (Click's ``j_never``); ``J_FAILURE``/``J_SUCCESS`` are the
#: construction-time placeholders of a subtree's two exits.
J_NEVER = -2147483647
J_FAILURE = J_NEVER + 1
J_SUCCESS = J_NEVER + 2
#: Click's ``offset_max``: no bubble-sort offset limit.
OFFSET_MAX = 0x7FFFFFFF
#: IPFilter's bubble-sort offset map: the protocol word sorts before the fragment word.
IPFILTER_OFFSET_MAP = {256 + 8: 256 + 3}
#: Programs longer than this skip the dominator optimizer: its Python run time grows faster
#: than linearly (20 s for 1000 two-test IPFilter rules without a limit), and only the
#: handler's text changes (the program stays equivalent, only less optimized than Click's).
DOMINATOR_LIMIT = 500
#: IPFilter sorts a compressed test's values once it has this many (binary search).
MIN_BINARY_SEARCH = 7


def _single_bit(x: int) -> bool:
    """True for 0 or a power of two (Click's ``x & (x - 1) == 0``)."""
    return x & (x - 1) == 0


@dataclass
class Insn:
    """One instruction; ``j[0]`` is the "no" jump, ``j[1]`` the "yes" jump."""

    offset: int
    mask: int
    value: int
    short: int = 0
    j: list[int] = field(default_factory=lambda: [J_FAILURE, J_SUCCESS])

    @property
    def yes(self) -> int:
        return self.j[1]

    @property
    def no(self) -> int:
        return self.j[0]

    def copy(self) -> Insn:
        return Insn(self.offset, self.mask, self.value, self.short, list(self.j))

    def key(self) -> tuple[int, int, int, int]:
        """The fields that make two instructions the same test (jumps excluded)."""
        return (self.offset, self.short, self.mask, self.value)

    def required_length(self) -> int:
        """Bytes a packet needs for the test to read its last masked byte (0 for mask 0)."""
        m = self.mask
        if m == 0:
            return 0
        if m & 0xFF:
            return self.offset + 4
        if m & 0xFF00:
            return self.offset + 3
        if m & 0xFF0000:
            return self.offset + 2
        return self.offset + 1

    def _short_ok(self, direction: int, x: Insn, next_direction: int, known: int) -> bool:
        """Whether reasoning from this test's ``direction`` branch to ``x``'s
        ``next_direction`` result holds for short packets too, ``known`` bytes being
        certain to exist."""
        if self.short != direction or self.offset + 4 <= known:
            return True
        r = self.required_length()
        return r <= known or (r <= x.required_length() and next_direction == x.short)

    def implies(self, x: Insn, known: int) -> bool:
        """A packet matching this test matches ``x``."""
        if not x.mask:
            return True
        if x.offset != self.offset or not self._short_ok(1, x, 1, known):
            return False
        both = self.mask & x.mask
        return both == x.mask and (self.value & both) == x.value

    def not_implies(self, x: Insn, known: int) -> bool:
        """A packet failing this test matches ``x`` (same single bit, other value)."""
        if not x.mask:
            return True
        if x.offset != self.offset or not self._short_ok(0, x, 1, known):
            return False
        return _single_bit(self.mask) and self.mask == x.mask and self.value != x.value

    def implies_not(self, x: Insn, known: int) -> bool:
        """A packet matching this test fails ``x``."""
        if not x.mask or x.offset != self.offset or not self._short_ok(1, x, 0, known):
            return False
        both = self.mask & x.mask
        return both == x.mask and (self.value & both) != x.value

    def not_implies_not(self, x: Insn, known: int) -> bool:
        """A packet failing this test fails ``x``."""
        if not self.mask:
            return True
        if x.offset != self.offset or not self._short_ok(0, x, 0, known):
            return False
        both = self.mask & x.mask
        return both == self.mask and self.value == (x.value & both)

    def compatible(self, x: Insn, consider_short: bool) -> bool:
        """Some packet bits can match both tests."""
        if not self.mask or not x.mask:
            return True
        if x.offset != self.offset or (consider_short and x.short != self.short
                                       and self.required_length() < x.required_length()):
            return False
        both = self.mask & x.mask
        return (self.value & both) == (x.value & both)

    def generalizable_or_pair(self, x: Insn) -> bool:
        """This test or ``x`` (reached by "no") equals one test with a bit less in its mask."""
        diff = self.value ^ x.value
        if (self.offset and x.offset == self.offset and self.mask and x.mask == self.mask
                and (self.short or not x.short) and self.yes == x.yes and _single_bit(diff)):
            return Insn(self.offset, self.mask & ~diff, 0).required_length() \
                == self.required_length()
        return False

    def flippable(self) -> bool:
        """A single-bit test, which can swap its branches by testing the other value."""
        return bool(self.mask) and _single_bit(self.mask)

    def flip(self) -> None:
        self.value ^= self.mask
        self.j.reverse()
        self.short = 1 - self.short

    def unparse(self, offset_shift: int = 0) -> str:
        """Click's text of one instruction: ``OFF/VALUE%MASK  yes->J  no->J[  short->yes]``."""
        s = f"{self.offset - offset_shift:3d}/{self.value:08x}%{self.mask:08x}" \
            f"  yes->{_jump(self.yes)}  no->{_jump(self.no)}"
        return s + ("  short->yes" if self.short else "")


def _jump(j: int) -> str:
    if j <= J_SUCCESS:
        return "[" + "X-+"[j - J_NEVER] + "]"
    if j <= 0:
        return f"[{-j}]"
    return f"step {j}"


# ---- building a program from expressions ----


def _count(e: Expr) -> int:
    """Instructions ``e`` compiles to (constants are one mask-0 instruction each)."""
    k = e[0]
    if k in ("A", "T", "F"):
        return 1
    if k in ("and", "or"):
        return sum(_count(c) for c in e[1])
    if k == "not":
        return _count(e[1])
    return _count(e[1]) + _count(e[2]) + _count(e[3])


def _emit(e: Expr, yes: int, no: int, out: list[Insn]) -> None:
    """Append ``e``'s instructions; a packet matching ``e`` leaves by ``yes``, others by
    ``no``.  Jumps to later parts are absolute indices computed from ``_count``."""
    k = e[0]
    if k == "A":
        out.append(Insn(e[1], e[2], e[3] & e[2], e[4], [no, yes]))
    elif k == "T":
        out.append(Insn(0, 0, 0, 0, [no, yes]))
    elif k == "F":
        out.append(Insn(0, 0, 0, 0, [yes, no]))
    elif k in ("and", "or"):
        parts = e[1]
        for n, c in enumerate(parts):
            if n == len(parts) - 1:
                _emit(c, yes, no, out)
            else:
                nxt = len(out) + _count(c)
                if k == "and":
                    _emit(c, nxt, no, out)
                else:
                    _emit(c, yes, nxt, out)
    elif k == "not":
        _emit(e[1], no, yes, out)
    else:
        t_start = len(out) + _count(e[1])
        f_start = t_start + _count(e[2])
        _emit(e[1], t_start, f_start, out)
        _emit(e[2], yes, no, out)
        _emit(e[3], yes, no, out)


class Program:
    """A wordwise program: ``insns`` and, when it has none, ``output_everything`` (the port
    every packet goes to; ``-J_NEVER`` drops); ``safe_length`` as Click computes it."""

    def __init__(self) -> None:
        self.insns: list[Insn] = []
        self.output_everything = -J_NEVER
        self.safe_length = 0

    def add_rule(self, e: Expr, success: int, failure: int) -> None:
        """Append expression ``e``: matching packets jump to ``success``, others to
        ``failure`` (``J_FAILURE`` leaves the exit open)."""
        _emit(e, success, failure, self.insns)
        self.output_everything = -1

    # -- the optimizations --

    def _inbranches(self) -> list[int]:
        """Per instruction: its only predecessor, 0 if several, -1 if none."""
        inb = [-1] * len(self.insns)
        for i, ins in enumerate(self.insns):
            for t in ins.j:
                if t > 0:
                    inb[t] = 0 if inb[t] >= 0 else i
        return inb

    def bubble_sort_and_exprs(self, offset_map: dict[int, int]) -> None:
        """Reorder chained tests that share their other exit (a conjunction or disjunction
        of tests) by (mapped offset, mask, value), stepping back after each swap."""
        inb = self._inbranches()
        insns = self.insns
        i = 0
        while i < len(insns):
            e1 = insns[i]
            for k in (0, 1):
                j = e1.j[k]
                if j <= 0 or e1.offset >= OFFSET_MAX or inb[j] <= 0:
                    continue
                e2 = insns[j]
                if e1.j[1 - k] != e2.j[1 - k]:
                    continue
                o1 = offset_map.get(e1.offset, e1.offset)
                o2 = offset_map.get(e2.offset, e2.offset)
                if (o1, e1.mask, e1.value) > (o2, e2.mask, e2.value):
                    first, second = e2.copy(), e1.copy()
                    second.j[k] = e2.j[k]
                    first.j[k] = j
                    insns[i], insns[j] = first, second
                    i = inb[i] - 1 if inb[i] > 0 else i - 1
                    break
            i += 1

    def combine_compatible_states(self) -> None:
        """Merge a test into its "yes" successor when both fail to the same place and can
        match together; turn an or-pair differing in one bit into one test; flip single-bit
        tests so more such merges apply.  Last instruction first."""
        insns = self.insns
        i = len(insns) - 1
        while i >= 0:
            ins = insns[i]
            if ins.no > 0:
                no_in = insns[ins.no]
                if no_in.compatible(ins, False) and ins.flippable():
                    ins.flip()
                elif ins.generalizable_or_pair(no_in):
                    bit = ins.value ^ no_in.value
                    ins.value &= ~bit
                    ins.mask &= ~bit
                    ins.j[0] = no_in.no
                    continue
            if ins.yes <= 0:
                i -= 1
                continue
            yes_in = insns[ins.yes]
            if ins.no == yes_in.yes and yes_in.flippable():
                yes_in.flip()
            if ins.no == yes_in.no and yes_in.compatible(ins, True):
                ins.j[1] = yes_in.yes
                if not ins.mask:
                    ins.offset = yes_in.offset
                ins.value = (ins.value & ins.mask) | (yes_in.value & yes_in.mask)
                ins.mask |= yes_in.mask
                continue
            i -= 1

    def remove_unused_states(self) -> None:
        """Skip instructions that decide nothing (mask 0, or both jumps equal), set
        ``output_everything`` when the first one is such, drop unreachable instructions."""
        insns = self.insns
        if not insns:
            return
        n = len(insns)
        dest = [-1] * n
        for i in range(n - 1, -1, -1):
            ins = insns[i]
            for k in (0, 1):
                if ins.j[k] > 0:
                    ins.j[k] = dest[ins.j[k]]
            if ins.yes != ins.no and ins.mask != 0:
                dest[i] = i
            elif ins.yes <= 0:
                dest[i] = ins.yes
            else:
                dest[i] = dest[ins.yes]
        self.output_everything = -1
        if dest[0] > 0:
            insns[0] = insns[dest[0]].copy()
        elif dest[0] < 0:
            self.output_everything = -dest[0]
        elif insns[0].yes == 0 and (insns[0].no == 0 or not insns[0].mask):
            self.output_everything = 0
        dest = [-1] * n
        if self.output_everything < 0:
            dest[0] = 0
        new_index = 0
        for i in range(n):
            if dest[i] >= 0:
                dest[i] = new_index
                new_index += 1
                for t in insns[i].j:
                    if t > 0:
                        dest[t] = 0
        kept: list[Insn] = []
        for i in range(n):
            if dest[i] >= 0:
                ins = insns[i]
                ins.j = [dest[t] if t > 0 else t for t in ins.j]
                kept.append(ins)
        self.insns = kept

    def optimize(self, offset_map: dict[int, int]) -> None:
        """Click's full optimization pass; sets ``safe_length``.  The dominator step is
        skipped for programs over ``DOMINATOR_LIMIT`` instructions (see there)."""
        self.bubble_sort_and_exprs(offset_map)
        if len(self.insns) <= DOMINATOR_LIMIT:
            dom = _Dominators(self)
            for i in range(len(self.insns)):
                dom.run(i)
        self.combine_compatible_states()
        self.remove_unused_states()
        if not self.insns and self.output_everything < 0:
            self.output_everything = -J_NEVER
        elif self.output_everything >= 0:
            self.insns = []
        self.safe_length = max((i.required_length() for i in self.insns), default=0)

    def set_failure(self, failure: int) -> None:
        """Resolve the open failure exits to ``failure``."""
        if self.output_everything == -J_FAILURE:
            self.output_everything = -failure
        for ins in self.insns:
            ins.j = [failure if t == J_FAILURE else t for t in ins.j]

    def add_or_program(self, nxt: Program) -> None:
        """Append ``nxt`` as the destination of this program's open failure exits (unless
        every packet already leaves this program elsewhere)."""
        if self.output_everything < 0 or self.output_everything == -J_FAILURE:
            failure = -nxt.output_everything
            if failure > 0:
                failure = len(self.insns)
            self.set_failure(failure)
            base = len(self.insns)
            for ins in nxt.insns:
                c = ins.copy()
                c.j = [t + base if t > 0 else t for t in c.j]
                self.insns.append(c)

    def unparse(self) -> str:
        """Click's ``Program::unparse`` text (alignment offset 0)."""
        lines = [f"{'' if i >= 10 else ' '}{i} {ins.unparse()}"
                 for i, ins in enumerate(self.insns)]
        if not self.insns:
            lines.append(f"all->[{self.output_everything}]")
        lines += [f"safe length {self.safe_length}", "alignment offset 0"]
        return "\n".join(lines) + "\n"


class _Dominators:
    """Click's dominator optimizer over a program's instructions (see the module text).

    Branch numbers are ``2 * state + (1 if yes)``.  ``dom`` holds the branch sets, ``dom_start``
    where each set begins, ``domlist_start`` where each state's sets begin in ``dom_start``; the
    last entry of a set is a scratch slot.  Predecessor branches of each state are kept in
    linked lists whose order is Click's (it decides which sets are merged first)."""

    MAX_DOMLIST = 4

    def __init__(self, p: Program) -> None:
        self.p = p
        n = len(p.insns)
        self.known = [0x7FFFFFFF] * n
        if n:
            self.known[0] = 0
        for i, ins in enumerate(p.insns):
            tested = max(ins.required_length(), self.known[i])
            so = ins.short
            if ins.j[1 - so] > 0 and tested < self.known[ins.j[1 - so]]:
                self.known[ins.j[1 - so]] = tested
            if ins.j[so] > 0 and self.known[i] < self.known[ins.j[so]]:
                self.known[ins.j[so]] = self.known[i]
        first: dict[tuple[int, int, int, int], int] = {}
        self.insn_id = [first.setdefault(ins.key(), i) for i, ins in enumerate(p.insns)]
        # offsets and masks do not change while branches move
        self.offs = [ins.offset for ins in p.insns]
        self.masks = [ins.mask for ins in p.insns]
        self.dom: list[int] = []
        self.dom_start = [0]
        self.domlist_start = [0]
        self.pred_first: list[int] = []
        self.pred_next: list[int] = []
        self.pred_prev: list[int] = []

    def insn(self, state: int) -> Insn:
        return self.p.insns[state]

    def br_implies(self, br: int, state: int) -> bool:
        frm = br >> 1
        if br & 1:
            return self.insn(frm).implies(self.insn(state), self.known[frm])
        return self.insn(frm).not_implies(self.insn(state), self.known[frm])

    def br_implies_not(self, br: int, state: int) -> bool:
        frm = br >> 1
        if br & 1:
            return self.insn(frm).implies_not(self.insn(state), self.known[frm])
        return self.insn(frm).not_implies_not(self.insn(state), self.known[frm])

    def predecessors(self, state: int) -> list[int]:
        if not self.pred_first:
            n = len(self.p.insns)
            self.pred_first = [-1] * n
            self.pred_next = [-1] * (2 * n)
            self.pred_prev = [-1] * (2 * n)
            for i, ins in enumerate(self.p.insns):
                for k in (0, 1):
                    t = ins.j[k]
                    if t > 0:
                        br = 2 * i + k
                        self.pred_next[br] = self.pred_first[t]
                        if self.pred_first[t] >= 0:
                            self.pred_prev[self.pred_first[t]] = br
                        self.pred_first[t] = br
        out = []
        br = self.pred_first[state]
        while br >= 0:
            out.append(br)
            br = self.pred_next[br]
        return out

    def set_branch(self, frm: int, k: int, to: int) -> None:
        ins = self.insn(frm)
        br = 2 * frm + k
        if ins.j[k] > 0:
            if self.pred_prev[br] >= 0:
                self.pred_next[self.pred_prev[br]] = self.pred_next[br]
            else:
                self.pred_first[ins.j[k]] = self.pred_next[br]
            if self.pred_next[br] >= 0:
                self.pred_prev[self.pred_next[br]] = self.pred_prev[br]
        if to > 0:
            prev, nxt = -1, self.pred_first[to]
            while 0 <= nxt < br:
                prev, nxt = nxt, self.pred_next[nxt]
            self.pred_prev[br] = prev
            self.pred_next[br] = nxt
            if prev < 0:
                self.pred_first[to] = br
            else:
                self.pred_next[prev] = br
            if nxt >= 0:
                self.pred_prev[nxt] = br
        ins.j[k] = to

    @staticmethod
    def intersect(src: list[int], start: Sequence[int], end: Sequence[int],
                  out: list[int]) -> None:
        """Append to ``out`` the values on every list ``src[start[i]:end[i]]`` (lists read as
        ascending; the walk stops at the first exhausted list)."""
        count = len(start)
        if count == 0:
            return
        if count == 1:
            out.extend(src[start[0]:end[0]])
            return
        pos = list(start)
        x = -1
        while True:
            p = k = 0
            while k < count:
                while pos[p] < end[p] and src[pos[p]] < x:
                    pos[p] += 1
                if pos[p] >= end[p]:
                    return
                if src[pos[p]] > x:
                    x, k = src[pos[p]], 0
                p = (p + 1) % count
                k += 1
            out.append(x)
            x += 1

    def calculate_dom(self, state: int) -> None:
        dom, dom_start = self.dom, self.dom_start
        preds = self.predecessors(state)
        pdom: list[int] = []
        pdom_end: list[int] = []
        for i, pbr in enumerate(preds):
            s = pbr >> 1
            if i > 0 and preds[i - 1] >> 1 == s:
                # both branches of s lead here: s decides nothing on the way
                if pdom_end:
                    pdom_end[-1] -= 1
                continue
            pbrid = 2 * self.insn_id[s] + (pbr & 1)
            for d in range(self.domlist_start[s], self.domlist_start[s + 1]):
                p1, p2 = dom_start[d], dom_start[d + 1]
                if any(dom[q] ^ pbrid == 1 for q in range(p1, p2 - 1)):
                    continue  # a path that contradicts itself
                pdom.append(p1)
                pdom_end.append(p2)
                dom[p2 - 1] = pbrid
        old = len(dom_start)
        if len(pdom) > self.MAX_DOMLIST:
            self.intersect(dom, pdom, pdom_end, dom)
            dom.append(2 * self.insn_id[state])
            dom_start.append(len(dom))
        elif pdom:
            mybr, num = 2 * self.insn_id[state], 0
            for p in range(len(pdom)):
                endpos = pdom_end[p] - 1
                last = dom[endpos]
                pred_mybr = -1
                for q in range(pdom[p], endpos + 1):
                    br = dom[q]
                    if q < endpos and br ^ last <= 1:
                        continue
                    if br ^ mybr <= 1:
                        pred_mybr = br
                    dom.append(br)
                if num >= 0 and pred_mybr >= 0 and (num == 0 or mybr == pred_mybr):
                    mybr = pred_mybr
                    num += 1
                else:
                    num = -1
                dom.append(mybr)
                dom_start.append(len(dom))
            if num > 0:
                # every path decides this test the same way: predecessors skip it
                target = self.insn(state).j[mybr & 1]
                for pbr in preds:
                    self.set_branch(pbr >> 1, pbr & 1, target)
                pdom.clear()
        if not pdom:
            del dom[dom_start[old - 1]:]
            del dom_start[old:]
            if state > 0:
                self.set_branch(state, 0, J_NEVER)
                self.set_branch(state, 1, J_NEVER)
            else:
                dom.append(2 * state)
                dom_start.append(len(dom))
        self.domlist_start.append(len(dom_start) - 1)

    def shift_one(self, br: int, to: int, d0: int, d1: int,
                  collect: list[int] | None) -> int:
        br = 2 * self.insn_id[br >> 1] + (br & 1)
        self.dom[d1 - 1] = br
        if collect is not None:
            collect.append(to)
        dom, offs, masks = self.dom, self.offs, self.masks
        while to > 0:
            xo, xm = offs[to], masks[to]
            for q in range(d1 - 1, d0 - 1, -1):
                b = dom[q]
                if xm and masks[b >> 1] and offs[b >> 1] != xo:
                    continue  # tests of different words decide nothing of each other
                if self.br_implies(b, to):
                    to = self.insn(to).yes
                    break
                if self.br_implies_not(b, to):
                    to = self.insn(to).no
                    break
            else:
                break
            if collect is not None:
                collect.append(to)
        return to

    def shift_branch(self, state: int, k: int) -> None:
        nexts = self.insn(state).j[k]
        br = 2 * state + k
        lo, hi = self.domlist_start[state], self.domlist_start[state + 1]
        if lo == hi or nexts <= 0:
            new = nexts
        elif lo + 1 == hi:
            new = self.shift_one(br, nexts, self.dom_start[lo], self.dom_start[lo + 1], None)
        else:
            vals: list[int] = []
            start: list[int] = []
            end: list[int] = []
            for d in range(lo, hi):
                start.append(len(vals))
                self.shift_one(br, nexts, self.dom_start[d], self.dom_start[d + 1], vals)
                end.append(len(vals))
            lasts = {vals[e - 1] for e in end}
            if vals[end[0] - 1] <= 0 and len(lasts) == 1:
                new = vals[end[0] - 1]
            else:
                common: list[int] = []
                self.intersect(vals, start, end, common)
                new = common[-1] if common else nexts
        if new != nexts:
            self.set_branch(state, k, new)

    def run(self, state: int) -> None:
        self.calculate_dom(state)
        self.shift_branch(state, 1)
        self.shift_branch(state, 0)


# ---- the elements' programs ----


def classifier_program(rs: RuleSet) -> Program:
    """Classifier's program: the rules in order, each failing to the next, the last to
    a drop."""
    p = Program()
    starts = []
    n = 0
    for r in rs.rules:
        starts.append(n)
        n += _count(r.expr)
    for idx, r in enumerate(rs.rules):
        fail = starts[idx + 1] if idx + 1 < len(rs.rules) else J_NEVER
        p.add_rule(r.expr, -r.port if r.port >= 0 else J_NEVER, fail)
    p.optimize({})
    return p


@dataclass
class Compressed:
    """IPFilter's compressed program: tests of one word chained by "no" with one "yes"
    become one test of several values (``groups``: (insn, values, final "no" step))."""

    groups: list[tuple[Insn, list[int], int]]
    output_everything: int
    safe_length: int

    def unparse(self) -> str:
        """Click's ``CompressedProgram::unparse`` text: one line per value, steps numbered
        across groups."""
        first_step: list[int] = []
        n = 0
        for _, values, _ in self.groups:
            first_step.append(n)
            n += len(values)

        def target(j: int) -> int:
            return first_step[j] if j > 0 else j

        lines = []
        for g, (ins, values, no) in enumerate(self.groups):
            for v_i, v in enumerate(values):
                step = first_step[g] + v_i
                nj = step + 1 if v_i + 1 < len(values) else target(no)
                line = Insn(ins.offset, ins.mask, v & ins.mask, ins.short,
                            [nj, target(ins.yes)])
                lines.append(f"{'' if step >= 10 else ' '}{step} {line.unparse()}")
        if not self.groups:
            lines.append(f"all->[{self.output_everything}]")
        lines += [f"safe length {self.safe_length}", "alignment offset 0"]
        return "\n".join(lines) + "\n"


def compress(p: Program) -> Compressed:
    """Group "no"-chains of tests of the same word and mask with the same "yes" into one
    test (values sorted, as the runtime's binary search wants them, from
    ``MIN_BINARY_SEARCH`` values on, in the host's little-endian word order).  Jumps in the
    result name group indices."""
    insns = p.insns
    wanted = [0] * (len(insns) + 1)
    wanted[0] = 1
    for i, ins in enumerate(insns):
        if wanted[i]:
            for t in ins.j:
                if t > 0:
                    wanted[t] += 1
    raw: list[tuple[int, Insn, list[int], int]] = []  # (first insn, insn, values, no)
    for i, ins in enumerate(insns):
        if wanted[i] == 0:
            continue
        values = [ins.value]
        no = ins.no
        while no > 0 and wanted[no] == 1 and insns[no].yes == ins.yes \
                and insns[no].offset == ins.offset and insns[no].mask == ins.mask:
            values.append(insns[no].value)
            wanted[no] -= 1
            no = insns[no].no
        if len(values) >= MIN_BINARY_SEARCH:
            values.sort(key=_host_order)
        raw.append((i, ins, values, no))
    # an absorbed test had one predecessor, its chain: no jump names it
    index = {first: g for g, (first, _, _, _) in enumerate(raw)}

    def to_group(j: int) -> int:
        return index[j] if j > 0 else j

    groups = []
    for _, ins, values, no in raw:
        c = ins.copy()
        c.j = [to_group(no), to_group(c.yes)]
        groups.append((c, values, c.no))
    return Compressed(groups, p.output_everything, p.safe_length)


def _host_order(v: int) -> int:
    return int.from_bytes(v.to_bytes(4, "big"), "little")


def ipfilter_program(rs: RuleSet) -> Compressed:
    """IPFilter's (and IPClassifier's) program: one program per rule, merged pairwise with
    an optimization after each merge, open exits dropped, sorted again and compressed."""
    progs: list[Program] = []
    for r in rs.rules:
        p = Program()
        p.add_rule(r.expr, -r.port if r.port != DROP else J_NEVER, J_FAILURE)
        progs.append(p)
    step = 1
    while step < len(progs):
        for i in range(0, len(progs) - step, 2 * step):
            progs[i].add_or_program(progs[i + step])
            progs[i].optimize(IPFILTER_OFFSET_MAP)
        step *= 2
    if not progs:
        progs.append(Program())
    if len(progs) == 1:
        progs[0].optimize(IPFILTER_OFFSET_MAP)
    p = progs[0]
    p.set_failure(J_NEVER)
    p.bubble_sort_and_exprs(IPFILTER_OFFSET_MAP)
    return compress(p)


def program_text(class_name: str, rs: RuleSet) -> str:
    """The ``program`` handler's text of a Classifier, IPClassifier or IPFilter configured
    with ``rs``, as Click prints it.  Raises ValueError for another class."""
    if class_name == "Classifier":
        return classifier_program(rs).unparse()
    if class_name in ("IPClassifier", "IPFilter"):
        return ipfilter_program(rs).unparse()
    raise ValueError(f"not a classifier class: {class_name}")

