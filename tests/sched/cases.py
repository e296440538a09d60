"""The scheduler and queue cases compared with Click: configuration, inputs, handlers.

Each case is one of our configurations in configs/ run with ``IN=<capture> OUT=<dir>`` (a
capture from ../shared/pcaps, or none for generated traffic) and ``-h`` for the handlers
listed; expected/NAME/STEM.json holds what Click's userlevel driver produced
(tests/elemharness.py, the "json" layout, made them; the exact command is in each file).
"""

from __future__ import annotations

from pathlib import Path

from tests.elemharness import sha256_file as digest

CONFIGS = Path(__file__).resolve().parent / "configs"
EXPECTED = CONFIGS.parent / "expected"
#: the input name of cases without a capture (run without IN and OUT)
NO_INPUT = "generated"
#: recordings with Click's whole standard error (tests/elemharness.py)
LAYOUT = "json"

# name: (handlers read at exit, inputs)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "scheds": (["cps.count", "crr.count", "cdrr.count", "css.count", "ss.config"],
               ["ndpi-gnutella.pcap", "tcpdump-afs.pcap"]),
    "queues": ([], ["tcpdump-afs.pcap", "ndpi-gnutella.pcap"]),
    "rotation": ([], [NO_INPUT]),
    "red": (["r.drops", "pr.drops", "rq.drops"], ["tcpdump-afs.pcap", "ndpi-gnutella.pcap"]),
    "red_random": (["r.drops"], ["ndpi-gnutella.pcap", "zeek-echo-connections.pcap"]),
}


__all__ = ["CASES", "CONFIGS", "EXPECTED", "LAYOUT", "NO_INPUT", "digest"]
