"""lexsupport._skip_quote's fast path (runs of ordinary characters skipped by one regular
expression step) against the character-by-character loop it replaced (issue 22: a fifth of
the lexer's time on the 50 MB configuration's 220-byte labels, docs/reliability.md)."""

from __future__ import annotations

from clickc.frontend.lexsupport import _skip_angle, _skip_quote
from hypothesis import given, settings
from hypothesis import strategies as st


def _skip_quote_reference(data: str, i: int, endc: str, n: int, escaped_nl: list[int]) -> int:
    """lexsupport._skip_quote one character at a time, before its fast path."""
    while i < n:
        c = data[i]
        if c == "\\" and endc == '"' and i + 1 < n:
            if data[i + 1] == "\n":
                escaped_nl.append(i + 1)
            i = _skip_angle(data, i + 2, n) if data[i + 1] == "<" else i + 2
        elif c == endc:
            return i + 1
        else:
            i += 1
    return n


@settings(max_examples=3000, deadline=None, derandomize=True, database=None)
@given(data=st.text(alphabet='ab"\'\\<>\n/* \xff', max_size=16), endc=st.sampled_from("\"'"),
       cut=st.tuples(st.integers(0, 16), st.integers(0, 16)))
def test_skip_quote_fast_path(data: str, endc: str, cut: tuple[int, int]) -> None:
    i = min(cut[0], len(data))
    n = max(i, min(cut[1], len(data)))
    fast: list[int] = []
    ref: list[int] = []
    assert _skip_quote(data, i, endc, n, fast) == _skip_quote_reference(data, i, endc, n, ref)
    assert fast == ref
