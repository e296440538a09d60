"""Click's Classifier pattern language: ``[!]OFFSET/VALUE[%MASK]`` clauses and ``-``.

Semantics follow Click's elements/standard/classifier.{hh,cc} documentation and behaviour: a
pattern is the conjunction of its clauses; a clause compares the packet bytes at OFFSET with
the hexadecimal VALUE under MASK (``?`` nibbles are wildcards); ``!`` negates a clause; a
pattern ``-`` (or an empty pattern) matches everything.  Each clause becomes one atom per
32-bit word it touches (Click's ``add_insn`` per aligned word); a packet too short for a word's
tested bytes fails that word's test, and a negated clause is a plain negation (so a short
packet satisfies ``!12/0800``), as Click's programs behave.  Messages use Click's wording.
"""

from __future__ import annotations

from .expr import TRUE, Expr, and_, atom, not_
from .rules import DROP, Diagnostics, Rule, RuleSet

_HEX = "0123456789abcdefABCDEF"


def _nibble(c: str) -> tuple[int, int]:
    """(value, mask) of one pattern character: ``?`` is a wildcard."""
    if c == "?":
        return 0, 0
    if c in _HEX:
        return int(c, 16), 0xF
    return 0, 0xF


def parse_pattern(slot: int, text: str, diag: Diagnostics) -> Expr:
    """Parse one Classifier pattern into an expression (errors go to ``diag``)."""
    s = text
    n = len(s)
    i = 0
    clauses: list[Expr] = []
    if n == 1 and s[0] == "-":
        i = 1
    while i < n:
        while i < n and s[i].isspace():
            i += 1
        if i >= n:
            break
        negated = False
        if s[i] == "!":
            negated = True
            i += 1
            while i < n and s[i].isspace():
                i += 1
        if i >= n or not s[i].isdigit():
            diag.error(f"pattern {slot}: expected a digit")
            break
        offset = 0
        while i < n and s[i].isdigit():
            offset = offset * 10 + int(s[i])
            i += 1
        if i >= n or s[i] != "/":
            diag.error(f"pattern {slot}: expected '/'")
            break
        i += 1
        vpos = i
        while i < n and (s[i] in _HEX or s[i] == "?"):
            i += 1
        vend = i
        mpos = mend = -1
        if i < n and s[i] == "%":
            i += 1
            mpos = i
            while i < n and (s[i] in _HEX or s[i] == "?"):
                i += 1
            mend = i
        if vend - vpos < 2:
            diag.error(f"pattern {slot}: value has less than 2 hex digits")
            vend = vpos
            mend = mpos
        if (vend - vpos) % 2 != 0:
            diag.error(f"pattern {slot}: value has odd number of hex digits")
            vend -= 1
            mend -= 1
        if mpos >= 0 and (mend - mpos) != (vend - vpos):
            too_many = (mend - mpos) > (vend - vpos)
            diag.error(f"pattern {slot}: mask has too {'many' if too_many else 'few'} hex digits")
            if too_many:
                mend = mpos + vend - vpos
            else:
                vend = vpos + mend - mpos
        # one atom per aligned 32-bit word, as Click adds one instruction per word
        words: dict[int, list[int]] = {}
        order: list[int] = []
        off = offset
        while vpos < vend:
            hv, hm = _nibble(s[vpos])
            lv, lm = _nibble(s[vpos + 1])
            v, m = (hv << 4) | lv, (hm << 4) | lm
            vpos += 2
            if mpos >= 0:
                mhv, mhm = _nibble(s[mpos])
                mlv, mlm = _nibble(s[mpos + 1])
                mpos += 2
                m = m & ((mhv << 4) | mlv) & ((mhm << 4) | mlm)
            w = (off // 4) * 4
            if w not in words:
                words[w] = [0, 0]
                order.append(w)
            shift = 24 - 8 * (off % 4)
            words[w][0] |= (v & m) << shift
            words[w][1] |= m << shift
            off += 1
        clause = and_(*(atom(w, words[w][0], words[w][1]) for w in order))
        if not order:
            clause = TRUE
        clauses.append(not_(clause) if negated else clause)
    return and_(*clauses)


def parse_classifier(patterns: list[str], noutputs: int | None = None
                     ) -> tuple[RuleSet, Diagnostics]:
    """Parse Classifier's configuration (one pattern per argument).

    ``noutputs`` defaults to the number of patterns; when given and different, Click's
    "need N arguments, one per output port" error is reported.  Returns the rule set (rule i
    sends to output i) and the diagnostics."""
    diag = Diagnostics()
    if noutputs is None:
        noutputs = len(patterns)
    if len(patterns) != noutputs:
        diag.error(f"need {noutputs} arguments, one per output port")
        return RuleSet("classifier", [], noutputs), diag
    rules = [Rule(parse_pattern(slot, text, diag), slot, text)
             for slot, text in enumerate(patterns)]
    return RuleSet("classifier", rules, noutputs), diag


__all__ = ["DROP", "parse_classifier", "parse_pattern"]
