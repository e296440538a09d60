"""The two-path router of tests/smp/test_adapt.py and bench/bench_adapt.py (issue 9's runtime
adaptation): each path InfiniteSource -> UDPIPEncap -> checks -> Queue -> Unqueue -> checks ->
Counter -> a sink; path 2's source starts when a Script sets it active, so the mix shifts from
path 1 to path 2."""

from __future__ import annotations


def two_path_config(limit: int, shift_ms: int, src_checks: int, dst_checks: int, *,
                    capacity: int, sink: str, origin: str) -> str:
    """The router's configuration text: ``LIMIT`` packets a source, path 2 started at
    ``shift_ms`` milliseconds, ``src_checks`` CheckIPHeader before each Queue (of ``capacity``
    packets) and ``dst_checks`` after its Unqueue; ``sink`` ends path ``i`` after its Counter
    (``{i}`` in it is the path number); ``origin`` names the user in the first line."""
    src, dst = " -> CheckIPHeader" * src_checks, " -> CheckIPHeader" * dst_checks
    out = [f"// {origin}: the mix shifts from path 1 to path 2\n"]
    for i in (1, 2):
        out.append(
            f"s{i} :: InfiniteSource(DATA \\<{'00' * 16}>, LIMIT {limit}, BURST 32, "
            f"ACTIVE {'true' if i == 1 else 'false'})\n"
            f"  -> UDPIPEncap(10.0.0.{i}, 1000, 10.0.1.1, 2000){src}\n"
            f"  -> q{i} :: Queue({capacity}) -> u{i} :: Unqueue(BURST 32){dst}\n"
            f"  -> c{i} :: Counter -> {sink.format(i=i)};\n")
    # The sources stay where the placement puts them (so only the Unqueues may move), and the
    # Script that starts s2 runs on s2's thread: its write of s2.active is then not a race.
    out.append(f"sc :: Script(wait {shift_ms}ms, write s2.active true);\n"
               "StaticThreadSched(s1 0, s2 1, sc 1);\n")
    return "".join(out)
