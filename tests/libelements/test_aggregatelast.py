"""AggregateLast (issue 19): the last packet of each aggregate kept, the earlier ones on output
1; clear emits the kept packets in aggregate order with EXTRA_PACKETS, EXTRA_LENGTH and
FIRST_TIMESTAMP covering the aggregate, and STOP_AFTER_CLEAR stops the router (Click's
elements/analysis/aggregatelast.cc).  Real capture: ../shared/pcaps/libtrace-100_packets.pcap
numbered by AggregateIPFlows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.testlib import PCAPS

from .harness import run

CONFIG = """
FromDump({pcap}, STOP true, FORCE_IP true) -> a :: AggregateIPFlows -> t :: Tee;
t[0] -> l :: AggregateLast(STOP_AFTER_CLEAR true)
    -> ToIPSummaryDump(last.txt, FIELDS aggregate count first_timestamp timestamp);
l[1] -> ToIPSummaryDump(earlier.txt, FIELDS aggregate timestamp);
t[1] -> ToIPSummaryDump(all.txt, FIELDS aggregate timestamp ip_len);
a[1] -> Discard;
Idle -> n :: AggregateLast -> Discard;
DriverManager(pause, write n.clear, write l.clear, wait_stop);
"""


def _rows(path: Path) -> list[list[str]]:
    return [ln.split() for ln in path.read_text().splitlines() if not ln.startswith("!")]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_aggregatelast_real_capture(tmp_path: Path, sanitized: bool) -> None:
    run(tmp_path, CONFIG.format(pcap=PCAPS / "libtrace-100_packets.pcap"), [], sanitized=sanitized)
    everything = _rows(tmp_path / "all.txt")
    last = _rows(tmp_path / "last.txt")
    earlier = _rows(tmp_path / "earlier.txt")
    by_agg: dict[int, list[list[str]]] = {}
    for agg, ts, _ in everything:
        by_agg.setdefault(int(agg), []).append([agg, ts])
    # one packet per aggregate, in increasing aggregate order, after every earlier packet
    assert [int(r[0]) for r in last] == sorted(by_agg)
    for agg, count, first, ts in last:
        pkts = by_agg[int(agg)]
        assert int(count) == len(pkts)
        assert first == pkts[0][1] and ts == pkts[-1][1]
    assert sorted(earlier) == sorted(p for ps in by_agg.values() for p in ps[:-1])
    assert len(earlier) + len(last) == len(everything)


def test_aggregatelast_notifier_refused(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> x :: Counter -> AggregateLast(NOTIFIER x) -> Discard;\n", [],
            expect_ok=False)
    assert "x is not an AggregateNotifier" in r.stderr
