"""EtherSwitch (issue 19): learning from sources, forwarding to a learned port, flooding unknown
and group destinations (every other port), dropping traffic for the input's own port, bindings
expiring after TIMEOUT seconds of packet time, the table and timeout handlers (Click's
elements/etherswitch/etherswitch.cc)."""

from __future__ import annotations

from pathlib import Path

from .harness import run

A, B, C = (bytes.fromhex(x) for x in ("0200000000aa", "0200000000bb", "0200000000cc"))
BCAST = b"\xff" * 6

# (destination, source, input port, seconds)
STEPS = [(B, A, 0, 1000), (A, B, 1, 1001), (B, A, 0, 1002), (A, C, 0, 1003),
         (BCAST, B, 1, 1004), (B, A, 0, 2000)]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(2) -> c :: Classifier(14/00, 14/01, 14/02);
sw :: EtherSwitch(TIMEOUT 10);
c[0] -> [0]sw; c[1] -> [1]sw; c[2] -> [2]sw;
sw[0] -> ToDump($OUT/o0.pcap); sw[1] -> ToDump($OUT/o1.pcap); sw[2] -> ToDump($OUT/o2.pcap);
t[1] -> hc :: Classifier(14/00, -) -> hub :: EtherSwitch(TIMEOUT 0) -> Discard;
hc[1] -> Discard;
Idle -> [1]hub; hub[1] -> h1 :: Counter -> Discard;
"""


def test_etherswitch(tmp_path: Path) -> None:
    frames = [d + s + b"\x08\x00" + bytes([port]) + bytes(45) for d, s, port, _ in STEPS]
    stamps = [(t, 0) for *_, t in STEPS]
    r = run(tmp_path, CONFIG, frames, ["sw.table", "sw.timeout", "h1.count"], stamps=stamps)
    f = frames
    assert r.frames("o0") == [f[1], f[4]]
    assert r.frames("o1") == [f[0], f[2], f[5]]
    assert r.frames("o2") == [f[0], f[4], f[5]]
    assert r.drops["sw"] == {"same port": 1}
    # B's binding (last at 1004) expired at 2000 and was forgotten
    assert r.handlers["sw.table"] == "02-00-00-00-00-AA 0\n02-00-00-00-00-CC 0"
    assert r.handlers["sw.timeout"] == "10"
    # TIMEOUT 0: a hub, every packet of input 0 flooded to output 1
    assert r.handlers["h1.count"] == "4"


LISTEN = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> c :: Classifier(14/00, 14/01, -);
sw :: ListenEtherSwitch;
c[0] -> [0]sw; c[1] -> [1]sw; c[2] -> Discard;
sw[0] -> ToDump($OUT/l0.pcap); sw[1] -> ToDump($OUT/l1.pcap); sw[2] -> ToDump($OUT/listen.pcap);
"""


def test_listenetherswitch(tmp_path: Path) -> None:
    steps = [(B, A, 0), (A, B, 1), (B, A, 0), (A, C, 0)]
    frames = [d + s + b"\x08\x00" + bytes([port]) + bytes(45) for d, s, port in steps]
    r = run(tmp_path, LISTEN, frames, ["sw.table"])
    f = frames
    # the listen port (output 2) sees every packet: in floods, before forwarding, and instead
    # of a same-port drop
    assert r.frames("listen") == f
    assert r.frames("l0") == [f[1]]
    assert r.frames("l1") == [f[0], f[2]]
    assert r.handlers["sw.table"] == "02-00-00-00-00-AA 0\n02-00-00-00-00-BB 1\n" \
                                     "02-00-00-00-00-CC 0"
