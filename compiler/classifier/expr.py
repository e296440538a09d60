"""Boolean expressions over masked packet words: the common form of all classifier rules.

A rule of Classifier, IPClassifier or IPFilter is parsed into an expression whose leaves are
*atoms*: "the 32-bit big-endian word at offset ``off`` ANDed with ``mask`` equals ``value``",
exactly the instruction of Click's ``Classification::Wordwise`` programs
(elements/standard/classification.hh).  Each atom also carries Click's ``short_output`` bit: the
result of the atom for a packet too short to hold the bytes the mask selects.  Click negates
subtrees in two ways (``Program::negate_subtree(tree, flip_short)``): a plain negation (the
short result is negated with everything else) and a *short-preserving* negation, which also flips
every atom's short bit.  :func:`negate` and :func:`negate_keep_short` model the two.

Expressions are immutable nested tuples, so they hash and compare structurally (the decision
DAG builder memoizes on them):

* ``("A", off, mask, value, short)`` atom; ``off`` is a word offset in the element's offset space
  (for Classifier: bytes from the packet data; for IPClassifier/IPFilter: Click's virtual space,
  MAC header at 0 (minus 2), network header at 256, transport header at 512), ``mask`` and
  ``value`` are 32-bit integers read big-endian, ``value == value & mask``, ``short`` is 0 or 1.
* ``("T",)`` / ``("F",)`` constants; ``("and", (e, ...))``, ``("or", (e, ...))``,
  ``("not", e)``, ``("ite", c, t, e)`` (Click's ``?:``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeAlias

#: The precise recursive shape is documented above (mypy cannot express tuple unions cheaply).
Expr: TypeAlias = tuple[Any, ...]

TRUE: Expr = ("T",)
FALSE: Expr = ("F",)

#: Offset spaces of IPClassifier/IPFilter (Click's IPFilter::offset_mac/net/transp).
OFFSET_MAC = 0
OFFSET_NET = 256
OFFSET_TRANSP = 512


def atom(off: int, value: int, mask: int, short: int = 0) -> Expr:
    """An atom; ``value`` is masked as Click's ``Insn`` constructor does.  A zero mask gives
    TRUE (Click's optimizer removes such instructions, taking their "yes" branch)."""
    mask &= 0xFFFFFFFF
    if mask == 0:
        return TRUE  # Click drops mask-0 instructions: they match every packet
    return ("A", off, mask, value & mask, short)


def span(mask: int) -> tuple[int, int]:
    """Indices (0..3, big-endian byte order) of the first and last byte selected by ``mask``.

    Raises ValueError for a zero mask."""
    if mask == 0:
        raise ValueError("zero mask")
    first = next(i for i in range(4) if (mask >> (24 - 8 * i)) & 0xFF)
    last = next(i for i in range(3, -1, -1) if (mask >> (24 - 8 * i)) & 0xFF)
    return first, last


def _junction(op: str, unit: Expr, absorbing: Expr, es: tuple[Expr, ...]) -> Expr:
    """``op`` (``"and"``/``"or"``) of ``es``: nested ``op`` terms flattened, ``unit`` terms
    dropped, ``absorbing`` if any term is it; a single term stands alone, none is ``unit``."""
    out: list[Expr] = []
    for e in es:
        if e == unit:
            continue
        if e == absorbing:
            return absorbing
        if e[0] == op:
            out.extend(e[1])
        else:
            out.append(e)
    if not out:
        return unit
    if len(out) == 1:
        return out[0]
    return (op, tuple(out))


def and_(*es: Expr) -> Expr:
    """Conjunction (flattened; constants folded)."""
    return _junction("and", TRUE, FALSE, es)


def or_(*es: Expr) -> Expr:
    """Disjunction (flattened; constants folded)."""
    return _junction("or", FALSE, TRUE, es)


def not_(e: Expr) -> Expr:
    """Plain negation (Click's ``negate_subtree(tree)``): short packets flip too."""
    if e == TRUE:
        return FALSE
    if e == FALSE:
        return TRUE
    if e[0] == "not":
        return e[1]  # type: ignore[no-any-return]
    return ("not", e)


def ite(c: Expr, t: Expr, f: Expr) -> Expr:
    """``c ? t : f``."""
    if c == TRUE:
        return t
    if c == FALSE:
        return f
    if t == f:
        return t
    return ("ite", c, t, f)


def flip_short(e: Expr) -> Expr:
    """The same expression with every atom's short bit flipped."""
    k = e[0]
    if k == "A":
        return ("A", e[1], e[2], e[3], 1 - e[4])
    if k in ("T", "F"):
        return e
    if k in ("and", "or"):
        return (k, tuple(flip_short(c) for c in e[1]))
    if k == "not":
        return ("not", flip_short(e[1]))
    return ("ite", flip_short(e[1]), flip_short(e[2]), flip_short(e[3]))


def negate_keep_short(e: Expr) -> Expr:
    """Click's ``negate_subtree(tree, true)``: swap success and failure and flip short bits."""
    return not_(flip_short(e))


def atoms(e: Expr) -> Iterator[Expr]:
    """Every atom of ``e``, left to right (with repetitions)."""
    k = e[0]
    if k == "A":
        yield e
    elif k in ("and", "or"):
        for c in e[1]:
            yield from atoms(c)
    elif k == "not":
        yield from atoms(e[1])
    elif k == "ite":
        for c in e[1:]:
            yield from atoms(c)


def evaluate(e: Expr, value: Callable[[Expr], bool]) -> bool:
    """Evaluate ``e`` with ``value(atom)`` giving each atom's truth (short bits included)."""
    k = e[0]
    if k == "A":
        return value(e)
    if k == "T":
        return True
    if k == "F":
        return False
    if k == "and":
        return all(evaluate(c, value) for c in e[1])
    if k == "or":
        return any(evaluate(c, value) for c in e[1])
    if k == "not":
        return not evaluate(e[1], value)
    return evaluate(e[2], value) if evaluate(e[1], value) else evaluate(e[3], value)


def unparse(e: Expr) -> str:
    """A compact human-readable form, used in generated C comments and test failures."""
    k = e[0]
    if k == "A":
        s = f"{e[1]}/{e[3]:08x}%{e[2]:08x}"
        return s + ("[short->yes]" if e[4] else "")
    if k == "T":
        return "true"
    if k == "F":
        return "false"
    if k in ("and", "or"):
        return "(" + f" {k} ".join(unparse(c) for c in e[1]) + ")"
    if k == "not":
        return "!" + unparse(e[1])
    return f"({unparse(e[1])} ? {unparse(e[2])} : {unparse(e[3])})"
