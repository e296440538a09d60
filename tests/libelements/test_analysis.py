"""Small analysis classes of issue 19 (TimeRange, SetTimestampDelta, AggregateLength,
AggregatePaint) on crafted frames, with AggregateCounter dumping the aggregates; values as
Click's documentation gives them."""

from __future__ import annotations

from pathlib import Path

from .harness import DST, SRC, run

FRAMES = [DST + SRC + b"\x08\x00" + bytes(n) for n in (10, 30, 10, 50)]
STAMPS = [(1003, 500_000), (1001, 0), (1004, 0), (1002, 250_000)]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> tr :: TimeRange -> trs :: TimeRange(SIMPLE true) -> t :: Tee(3);
t[0] -> d :: SetTimestampDelta -> ToDump($OUT/delta.pcap);
t[1] -> AggregateLength -> al :: AggregateCounter -> Discard;
t[2] -> Paint(7) -> AggregatePaint(2) -> AggregatePaint(1, INCREMENTAL true)
     -> ap :: AggregateCounter -> Discard;
DriverManager(pause, write al.write_text_file $OUT/len.txt,
              write ap.write_text_file $OUT/paint.txt, stop);
"""


def _rows(path: Path) -> list[str]:
    return [ln for ln in path.read_text().splitlines() if not ln.startswith("!")]


def test_analysis_classes(tmp_path: Path) -> None:
    """Ranges, deltas and aggregates."""
    r = run(tmp_path, CONFIG, FRAMES, ["tr.range", "tr.interval", "trs.range", "d.first"],
            stamps=STAMPS)
    h = r.handlers
    assert h["tr.range"] == "1001.000000 1004.000000"
    assert h["tr.interval"] == "3.000000"
    # SIMPLE: the first and the last packet seen
    assert h["trs.range"] == "1003.500000 1002.250000"
    assert h["d.first"] == "1003.500000"
    # timestamps less the first (1003.5); the first becomes 0, which ToDump writes as the
    # current time (unset), and ToDump writes negative seconds as 32-bit unsigned
    stamps = [(s, ns) for s, ns, _ in r.outputs["delta"]]
    assert stamps[1:] == [(2**32 - 3, 500_000_000), (0, 500_000_000), (2**32 - 2, 750_000_000)]
    assert _rows(tmp_path / "out" / "len.txt") == ["24 2", "44 1", "64 1"]
    # paint 7: low 2 bits 3; then (3 << 1) + (7 & 1) = 7
    assert _rows(tmp_path / "out" / "paint.txt") == ["7 4"]
