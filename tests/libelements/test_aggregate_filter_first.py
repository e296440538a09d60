"""AggregateFilter and AggregateFirst (issue 19) on packets whose aggregate is their length
(AggregateLength): AggregateFilter's first matching filter, ranges, the default output and
drops, and its configuration messages; AggregateFirst's first packet per aggregate (Click's
elements/analysis/aggregatefilter.cc and aggregatefirst.cc)."""

from __future__ import annotations

from pathlib import Path

from .harness import run

LENGTHS = [60, 61, 62, 70, 61, 90, 60, 100, 62]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> AggregateLength -> t :: Tee(3);
t[0] -> af :: AggregateFilter(allow 60 62, 1 61-70, deny 90, 2 all, 0 100);
af[0] -> ToDump($OUT/f0.pcap); af[1] -> ToDump($OUT/f1.pcap); af[2] -> ToDump($OUT/f2.pcap);
t[1] -> first :: AggregateFirst -> ToDump($OUT/first.pcap);
first[1] -> ToDump($OUT/later.pcap);
t[2] -> f2 :: AggregateFirst -> ToDump($OUT/first2.pcap);
"""


def test_filter_and_first(tmp_path: Path) -> None:
    frames = [bytes([i]) * n for i, n in enumerate(LENGTHS)]
    r = run(tmp_path, CONFIG, frames)
    by_len = {n: [f for f in frames if len(f) == n] for n in set(LENGTHS)}
    assert r.frames("f0") == [f for f in frames if len(f) in (60, 62)]
    assert r.frames("f1") == [f for f in frames if 61 <= len(f) <= 70 and len(f) != 62]
    assert r.frames("f2") == [f for f in frames if len(f) == 100]
    assert r.drops["af"] == {"filtered": 1}
    firsts = [f for f in frames if by_len[len(f)][0] is f]
    assert r.frames("first") == firsts and r.frames("first2") == firsts
    assert r.frames("later") == [f for f in frames if f not in firsts]
    # the 61-70 range overlaps 62 (already allowed to 0): Click warns once per aggregate
    assert "pattern 1: aggregate 62 already filtered to output 0" in r.stderr
    assert "pattern 4 matches no packets" in r.stderr
    assert r.drops["f2"] == {"not first": 3}


def test_filter_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> AggregateFilter(, bogus 1, allow, allow x-y) -> Discard;\n"
            "Idle -> AggregateFirst(NOTIFIER d) -> d :: Discard;\n", [], expect_ok=False)
    for msg in ("empty pattern 0", "pattern 1: expected a port number",
                "pattern 2 has no aggregates", "pattern 3: bad aggregate number 'x-y'",
                "d is not an AggregateNotifier"):
        assert msg in r.stderr


def test_first_notifier_aggregateipflows_refused(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> f :: AggregateIPFlows -> AggregateFirst(NOTIFIER f) -> Discard;\n",
            [], expect_ok=False)
    assert "f: clickc's AggregateIPFlows does not notify listeners" in r.stderr
