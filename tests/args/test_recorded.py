"""clickc's value parsers against answers recorded from Click's own parser classes.

tests/args/click_values.tsv holds, for ~1200 argument texts of every type (integers in every
base and width, reals, fixed point, times, bandwidths, booleans, IPv4 addresses and prefixes,
IPv6, Ethernet, strings, words, keywords, file names, comma splitting, unquoting), what Click's
IntArg/DoubleArg/.../cp_argvec returned.  It was recorded with the oracle program in
tests/args/oracle (see record.py for the exact commands); this test needs no Click.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .oracle_format import clickc_result, unescape

TABLE = Path(__file__).with_name("click_values.tsv")


def _rows() -> list[tuple[str, str, str]]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8", errors="surrogateescape").splitlines():
        if not line or line.startswith("#"):
            continue
        t, x, r = line.split("\t")
        rows.append((t, unescape(x), unescape(r)))
    return rows


ROWS = _rows()


def test_table_is_large() -> None:
    types = {t for t, _, _ in ROWS}
    assert len(ROWS) > 1000
    for t in ("int", "unsigned", "int64", "real", "fixed16", "time", "bandwidth", "ip",
              "ipprefix", "ip6", "ip6prefix", "ether", "string", "argvec"):
        assert t in types


@pytest.mark.parametrize("type_name,text,expected", ROWS,
                         ids=[f"{t}:{x!r}"[:60] for t, x, _ in ROWS])
def test_matches_click(type_name: str, text: str, expected: str) -> None:
    assert clickc_result(type_name, text) == expected
