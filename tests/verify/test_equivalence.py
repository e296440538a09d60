"""clickc.equivalence and clickc.pcapfile's flow keys: the comparisons and the words of a
``clickc verify`` report on hand-made runs (no compiler, no program)."""

from __future__ import annotations

import struct
from typing import Any

from clickc.equivalence import PlanInfo, Port, Run, compare, field_at, without_ip_id
from clickc.pcapfile import describe_flow, flow_key


def _frame(src: str, dst: str, sport: int, dport: int, ident: int = 0, proto: int = 17,
           payload: bytes = b"x") -> bytes:
    l4 = struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + payload
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), ident, 0, 64, proto, 0,
                     bytes(map(int, src.split("."))), bytes(map(int, dst.split("."))))
    return b"\x02" * 6 + b"\x04" * 6 + b"\x08\x00" + ip + l4


def _stats(*elements: tuple[str, str, list[int], list[int], dict[str, int]]) -> dict[str, Any]:
    return {"elements": [{"name": n, "class": c, "thread": 0, "in": i, "out": o,
                          "drops": sum(d.values()), "drop_reasons": d}
                         for n, c, i, o, d in elements]}


A = [_frame("10.0.0.1", "10.0.0.2", 1000 + i % 2, 80, payload=bytes([i])) for i in range(6)]
INFO = PlanInfo(order=["src", "q1", "out"], upstream={"out": {"src", "q1", "out"}},
                pullers={"q1": [1]}, global_order=False, why_not="two threads")


def _run(frames: list[bytes], stats: dict[str, Any]) -> Run:
    return Run({"OUT1": Port("OUT1", "out", 1, frames)}, stats)


def test_same_run_is_equivalent() -> None:
    s = _stats(("q1", "Queue", [6], [6], {}))
    r = compare(_run(A, s), _run(list(A), s), INFO)
    assert r.equivalent and r.packets == 6 and not r.notes


def test_missing_packets_explained_by_drops() -> None:
    plain = _stats(("src", "FromDump", [], [6], {}), ("q1", "Queue", [6], [6], {}),
                   ("out", "ToDump", [6], [], {}))
    plan = _stats(("src", "FromDump", [], [6], {}), ("q1", "Queue", [6], [4], {"queue full": 2}),
                  ("out", "ToDump", [4], [], {}))
    r = compare(_run(A, plain), _run(A[:4], plan), INFO)
    texts = [f.text for f in r.findings]
    assert texts[0] == ("port OUT1: 2 packets missing (4 of 6 written), all dropped at "
                        "q1 :: Queue (pulled on thread 1): queue full")
    assert texts[1] == ("port OUT1: first differs at q1 :: Queue output 0: 4 packets in the "
                        "plan, 6 in the plain program")
    assert texts[2] == "q1 :: Queue: packets out [4], plain [6]; drops 2 queue full, plain none"


def test_flow_reordered_is_a_difference() -> None:
    s = _stats()
    b = [A[2], A[1], A[0], A[3], A[4], A[5]]   # A[0] and A[2] are one flow (port 1000)
    r = compare(_run(A, s), _run(b, s), INFO)
    assert [f.text for f in r.findings] == [
        "port OUT1: flow UDP 10.0.0.1:1000 -> 10.0.0.2:80 out of order: its packet 1 of 3 is "
        "not the plain program's"]


def test_global_order_is_a_note_unless_promised() -> None:
    s = _stats()
    b = [A[1], A[0], *A[2:]]                   # two flows interleaved differently
    r = compare(_run(A, s), _run(b, s), INFO)
    assert r.equivalent
    assert r.notes == ["port OUT1: global order differs from packet 1 of 6 (per-flow order "
                       "kept): expected, two threads"]
    one = PlanInfo(order=[], upstream={}, global_order=True)
    r = compare(_run(A, s), _run(b, s), one)
    assert [f.text for f in r.findings] == [
        "port OUT1: global order differs from packet 1 of 6 (per-flow order kept)"]


def test_ip_ids_differ_only_without_global_order() -> None:
    s = _stats()
    a = [_frame("10.0.0.1", "10.0.0.2", 1, 2, ident=i) for i in range(3)]
    b = [_frame("10.0.0.1", "10.0.0.2", 1, 2, ident=9 - i) for i in range(3)]
    r = compare(_run(a, s), _run(b, s), INFO)
    assert r.equivalent and "3 packets differ only in the IP ID" in r.notes[0]
    r = compare(_run(a, s), _run(b, s), PlanInfo(order=[], upstream={}, global_order=True))
    assert r.findings[0].text.startswith("port OUT1: 3 packets written with other contents")
    assert r.findings[0].text.endswith("differs from the plan's packet 1 from byte 19 (IP ID)")
    assert without_ip_id(1, a[0]) == without_ip_id(1, b[0])


def test_counters_compared_through_replicas() -> None:
    plain = _stats(("enc", "IPsecDES", [10], [10], {}))
    plan = _stats(("enc@r0", "IPsecDES", [6], [6], {}), ("enc@r1", "IPsecDES", [4], [3],
                                                         {"bad": 1}))
    info = PlanInfo(order=["enc"], upstream={}, replicas={"enc": ["enc@r0", "enc@r1"]})
    r = compare(Run({}, plain), Run({}, plan), info)
    assert [f.text for f in r.findings] == [
        "enc :: IPsecDES: packets out [9], plain [10]; drops 1 bad, plain none"]


def test_handlers_compared() -> None:
    r = compare(Run({}, {}, {"c.count": "5"}), Run({}, {}, {"c.count": "4"}), INFO)
    assert [f.text for f in r.findings] == [
        "handler c.count: '4' in the plan, '5' in the plain program"]


def test_flow_keys() -> None:
    assert flow_key(1, A[0]) == ("ip", 17, "10.0.0.1", "10.0.0.2", 1000, 80)
    arp = (b"\xff" * 6 + b"\x02" * 6 + b"\x08\x06" + b"\0" * 7 + b"\x01" + b"\0" * 6
           + bytes([10, 0, 0, 1]) + b"\0" * 6 + bytes([10, 0, 0, 9]))
    assert describe_flow(flow_key(1, arp)) == "ARP request 10.0.0.1 -> 10.0.0.9"
    assert describe_flow(flow_key(1, arp[:30])) == "ARP (ethertype 0x0806)"
    esp = _frame("1.1.1.1", "2.2.2.2", 0, 4097, proto=50)
    assert describe_flow(flow_key(1, esp)) == "ESP 1.1.1.1 -> 2.2.2.2 SPI 4097"
    assert field_at(1, esp, 38) == "ESP sequence number"
    assert flow_key(1, b"\0" * 5) == ("raw",)


# -- drops that follow another thread's timing (PlanInfo.timing, docs/verify.md) -------------

#: src -> red -> q1 (pulled on thread 1) -> out: red drops by q1's length, q1 on another thread.
RED_INFO = PlanInfo(order=["src", "red", "q1", "out"],
                    upstream={"red": {"src"}, "q1": {"src", "red"},
                              "out": {"src", "red", "q1"}},
                    pullers={"q1": [1]}, global_order=False, why_not="two threads",
                    timing={"red": "its drops follow the length of q1, pulled on thread 1 "
                                   "while it runs on thread 0"})
RED_PLAIN = _stats(("src", "FromDump", [], [6], {}), ("red", "RED", [6], [6], {}),
                   ("q1", "Queue", [6], [6], {}), ("out", "ToDump", [6], [], {}))
RED_PLAN = _stats(("src", "FromDump", [], [6], {}), ("red", "RED", [6], [4], {"RED": 2}),
                  ("q1", "Queue", [4], [4], {}), ("out", "ToDump", [4], [], {}))


def test_timing_drops_are_notes() -> None:
    """RED dropped 2 more in the plan, whose q1 another thread pulls: the 2 packets missing at
    the port and the counters downstream are notes; the run is equivalent."""
    r = compare(_run(A, RED_PLAIN), _run(A[:2] + A[3:5], RED_PLAN), RED_INFO)
    assert r.equivalent, [f.text for f in r.findings]
    assert r.timed == 2
    assert r.notes[0] == (
        "port OUT1: 2 packets missing (4 of 6 written), by drops that follow the threads' "
        "timing: 2 more at red :: RED (its drops follow the length of q1, pulled on thread 1 "
        "while it runs on thread 0); expected, not a difference")
    assert r.notes[1:] == [
        "red :: RED: packets out [4], plain [6]; drops 2 RED, plain none: timing, its drops "
        "follow the length of q1, pulled on thread 1 while it runs on thread 0; expected, not "
        "a difference",
        "q1 :: Queue: packets in [4], plain [6]; packets out [4], plain [6]: follows from the "
        "timing drops upstream"]


def test_timing_drops_fewer_in_the_plan() -> None:
    """The plan's RED dropped fewer than the plain program's: the extra packets are notes."""
    r = compare(_run(A[:4], RED_PLAN), _run(A, RED_PLAIN), RED_INFO)
    assert r.equivalent, [f.text for f in r.findings]
    assert r.notes[0].startswith("port OUT1: 2 packets the plain program dropped written "
                                 "(6 for 4), by drops that follow the threads' timing: 2 "
                                 "fewer at red :: RED")


def test_same_drops_on_one_thread_stay_differences() -> None:
    """Without the timing fact (a one-thread plan: verify's _plan_info lists none) the same
    drops are differences, as before."""
    one = PlanInfo(order=RED_INFO.order, upstream=RED_INFO.upstream, global_order=True)
    r = compare(_run(A, RED_PLAIN), _run(A[:2] + A[3:5], RED_PLAN), one)
    texts = [f.text for f in r.findings]
    assert texts[0] == ("port OUT1: 2 packets missing (4 of 6 written), all dropped at "
                        "red :: RED: RED")
    assert "red :: RED: packets out [4], plain [6]; drops 2 RED, plain none" in texts
    assert not r.timed


def test_altered_packet_beside_timing_drops_is_a_difference() -> None:
    """A packet written with other contents stays a difference beside the timing drops."""
    bad = bytearray(A[4])
    bad[22] = 1                                            # the IP TTL
    r = compare(_run(A, RED_PLAIN), _run(A[:2] + [A[3], bytes(bad)], RED_PLAN), RED_INFO)
    texts = [f.text for f in r.findings]
    assert len(texts) == 1 and texts[0].startswith(
        "port OUT1: 1 packet written with other contents (beside the timing drops); "), texts
    assert "(IP TTL)" in texts[0]


def test_drops_elsewhere_stay_differences() -> None:
    """A loss beyond the timing drops (q1 dropped one more: another class, not timing) is a
    difference: the port's loss no longer equals the timing drops, q1's drops differ."""
    plan = _stats(("src", "FromDump", [], [6], {}), ("red", "RED", [6], [4], {"RED": 2}),
                  ("q1", "Queue", [4], [3], {"queue full": 1}), ("out", "ToDump", [3], [], {}))
    r = compare(_run(A, RED_PLAIN), _run(A[:2] + A[3:4], plan), RED_INFO)
    texts = [f.text for f in r.findings]
    assert texts[0] == ("port OUT1: 3 packets missing (3 of 6 written), dropped: 2 at red :: "
                        "RED: RED; 1 at q1 :: Queue (pulled on thread 1): queue full")
    assert ("q1 :: Queue: packets in [4], plain [6]; packets out [3], plain [6]; drops 1 "
            "queue full, plain none") in texts
    assert not r.equivalent


def test_timing_element_with_other_differences_stays_a_difference() -> None:
    """RED's counts must be all in its decision: packets in that differ (a loss upstream of
    it) keep every line a difference."""
    plan = _stats(("src", "FromDump", [], [6], {}), ("red", "RED", [5], [3], {"RED": 2}),
                  ("q1", "Queue", [3], [3], {}), ("out", "ToDump", [3], [], {}))
    r = compare(_run(A, RED_PLAIN), _run(A[:3], plan), RED_INFO)
    assert not r.equivalent and not r.timed
    assert any(f.text.startswith("red :: RED: packets in [5], plain [6]") for f in r.findings)
