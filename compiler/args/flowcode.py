"""Click's flow codes (ProcessingT::code_flow): which ports of an element a packet entering
(or leaving) a port can reach.  Kept below the element model so that configuration arguments
(FlowInfo's, compiler/args/core.py) and element specs (elements/spec.py) share it."""

from __future__ import annotations

__all__ = ["flow"]


def _flow_tokens(side: str) -> list[tuple[frozenset[str], bool, bool]]:
    """Split one side of a flow code into per-port tokens ``(letters, has_hash, negated)``.

    ``[...]`` groups several letters, ``[^...]`` negates, ``#`` stands for the port's own number.
    Raises ValueError on a malformed side."""
    toks: list[tuple[frozenset[str], bool, bool]] = []
    i = 0
    while i < len(side):
        c = side[i]
        if c == "[":
            j = side.find("]", i)
            if j < 0:
                raise ValueError("flow code: missing ']'")
            body = side[i + 1:j]
            neg = body.startswith("^")
            if neg:
                body = body[1:]
            if any(not (ch.isascii() and (ch.isalpha() or ch == "#")) for ch in body):
                raise ValueError("flow code: invalid character")
            toks.append((frozenset(ch for ch in body if ch != "#"), "#" in body, neg))
            i = j + 1
        elif c.isascii() and c.isalpha():
            toks.append((frozenset(c), False, False))
            i += 1
        elif c == "#":
            toks.append((frozenset(), True, False))
            i += 1
        else:
            raise ValueError(f"flow code: invalid character '{c}'")
    if not toks:
        raise ValueError("flow code: bad '/'")
    return toks


def _token_codes(tok: tuple[frozenset[str], bool, bool], port: int) -> tuple[set[str], bool]:
    """(letters, matches-anything-but) view of a token; '#' becomes the marker ``#<port>``."""
    letters, has_hash, neg = tok
    s = set(letters)
    if has_hash:
        s.add(f"#{port}")
    return s, neg


def _intersects(a: tuple[set[str], bool], b: tuple[set[str], bool]) -> bool:
    (sa, na), (sb, nb) = a, b
    if not na and not nb:
        return bool(sa & sb)
    if na and nb:
        return True  # two complements over a 256-symbol alphabet always meet
    pos, negset = (sa, sb) if nb else (sb, sa)
    return bool(pos - negset)


def flow(code: str, port: int, from_output: bool, size: int) -> list[bool]:
    """Which ports on the other side ``port`` reaches by flow code ``code``.

    ``from_output=False``: ``port`` is an input, the result has one entry per output (``size``
    outputs); ``True`` goes backwards.  ``"x/x"`` (or an empty code) connects everything.  Raises
    ValueError on a malformed code.  Source: Click's ProcessingT::code_flow.
    """
    if port < 0 or size == 0:
        return [False] * size
    if not code or code == "x/x":
        return [True] * size
    ins, sep, outs = code.partition("/")
    if not sep:
        outs = ins
    sides = (_flow_tokens(ins), _flow_tokens(outs))
    src_toks = sides[1 if from_output else 0]
    dst_toks = sides[0 if from_output else 1]
    src = _token_codes(src_toks[min(port, len(src_toks) - 1)], port)
    return [_intersects(src, _token_codes(dst_toks[min(i, len(dst_toks) - 1)], i))
            for i in range(size)]
