"""Click's simple package (issue 19): SimplePullSwitch, SimplePrioSched, SimpleRoundRobinSched
and SimpleIdle behave as their notifying counterparts do in clickc (Click's simple classes
differ from those only by not using notifiers), checked on crafted frames."""

from __future__ import annotations

from pathlib import Path

from .harness import DST, SRC, run

FRAMES = [DST + SRC + b"\x08\x00" + bytes([i]) * 20 for i in range(4)]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> t :: Tee(3);
t[0] -> Paint(1) -> qa :: Queue;
t[1] -> Paint(2) -> qb :: Queue;
t[2] -> si :: SimpleIdle;
Idle -> q0 :: Queue;
qa -> [0]rr :: SimpleRoundRobinSched;
qb -> [1]rr;
rr -> [1]ps :: SimplePullSwitch(1);
q0 -> [0]ps;
Idle -> q2 :: Queue -> [2]ps;
ps -> u :: Unqueue(ACTIVE false) -> ToDump($OUT/rr.pcap);
SimpleIdle -> q3 :: Queue -> [0]pr :: SimplePrioSched;
Idle -> q4 :: Queue -> [1]pr;
pr -> Discard;
Script(wait 0.3s, write u.active true);
"""


def test_simple_classes(tmp_path: Path) -> None:
    """Round-robin order through the switch's input 1; SimpleIdle drops what it is given."""
    r = run(tmp_path, CONFIG, FRAMES, ["ps.switch", "ps.config"])
    out = r.frames("rr")
    assert out == [f for f in FRAMES for _ in (1, 2)]
    assert r.drops["si"] == {"idle": len(FRAMES)}
    assert (r.handlers["ps.switch"], r.handlers["ps.config"]) == ("1", "1")
