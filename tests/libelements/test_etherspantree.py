"""EtherSpanTree (issue 19; Click's elements/etherswitch/spantree.cc and bridgemessage.cc) with
crafted bridge protocol messages: the root port and a blocked port, the ports' steps towards
FORWARD through the Suppressors, the configuration messages sent where the switch is the
designated bridge, a message expiring, a topology change notification on the port that hears
the switch's own message, and its end by an acknowledgement.

The expectations (the chatter lines, the handlers' values and the messages sent) were recorded
from real Click; with CLICK_PREFIX set (Click's install prefix) the same configurations also run
under ``CLICK_PREFIX/bin/click`` and must give the same.  The message age each sent message
carries depends on timing: it is checked within a range, the rest byte for byte.  Click prints
uninitialized memory for the port, max age, hello time and forward delay of a port that never
received a message; only the rest of that line is compared with Click's."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests import oracle
from tests.pktlib import read_pcap
from tests.testlib import SANITIZE, clickc, require_c_compiler, require_tsan, sanitizer_env

WIRING = """
st :: EtherSpanTree(00:01:02:03:04:05, in_supp, out_supp, sw);
sw :: EtherSwitch;
in_supp, out_supp :: Suppressor;
"""


def bpdu(root: str, cost: int, bridge: str, port: int, flags: int = 0, max_age: int = 20,
         hello: int = 1, fwd: int = 0) -> str:
    """A configuration message as a Click DATA string (times in seconds; 1/256 s units on the
    wire; message age 0)."""
    return ("\\<0180c2000000 020000000001 0026 4242 03 0000 00 00 "
            f"{flags:02x} {root} {cost:08x} {bridge} {port:04x} 0000 {max_age * 256:04x} "
            f"{hello * 256:04x} {fwd * 256:04x} 0000000000000000>")


R = "1000000000000001"
ME = "dead050403020100"  # the switch's identifier: priority 0xdead, ADDR's bytes reversed
B1, B2 = "8000020000000001", "8000020000000002"

#: port 0 hears the root R at cost 4 from B1, port 1 the same from B2 (worse: port 1 blocks),
#: port 2 nothing; forward delay 0: ports move one step per hello period
ROOT_AND_BLOCK = WIRING + f"""
InfiniteSource(DATA {bpdu(R, 4, B1, 0x8002)}, LIMIT 1, STOP false) -> [0]st;
InfiniteSource(DATA {bpdu(R, 4, B2, 0x8001)}, LIMIT 1, STOP false) -> [1]st;
Idle -> [2]st;
st[0] -> ToDump(out0.pcap);
st[1] -> ToDump(out1.pcap);
st[2] -> ToDump(out2.pcap);
Idle -> [0]in_supp[0] -> [0]sw[0] -> [0]out_supp[0] -> Discard;
Idle -> [1]in_supp[1] -> [1]sw[1] -> [1]out_supp[1] -> Discard;
Idle -> [2]in_supp[2] -> [2]sw[2] -> [2]out_supp[2] -> Discard;
DriverManager(wait 3.5s, print st.msgs, print in_supp.active0, print in_supp.active1,
  print in_supp.active2, print out_supp.active0, print out_supp.active1,
  print out_supp.active2, stop);
"""

ROOT_AND_BLOCK_ERR = """\
Setting send_tc_msg: BLOCK -> FORWARD on 0
Changing port 0 from 0 to 1
Setting send_tc_msg: BLOCK -> FORWARD on 1
Changing port 1 from 0 to 1
Setting send_tc_msg: BLOCK -> FORWARD on 2
Changing port 2 from 0 to 1
Setting send_tc_msg: FORWARD -> BLOCK on 1
Changing port 1 from 1 to 0
Changing port 0 from 1 to 2
Changing port 2 from 1 to 2
Changing port 0 from 2 to 3
Changing port 2 from 2 to 3
"""
ROOT_AND_BLOCK_OUT = """\
 8000020000000001:8002: tc  4 -> 1000000000000001  m/h/d: 14/1/0
 8000020000000002:8001: tc  4 -> 1000000000000001  m/h/d: 14/1/0
 ffffffffffffffff:0000: tc  ffffffff -> ffffffffffffffff  m/h/d: 0/0/0
 8000020000000001:8002: tc  5 -> 1000000000000001  m/h/d: 14/1/0
true
false
true
true
false
true
"""
#: sent on port 2 at each hello period (2 s, then 1 s, the hello time heard): root R, cost 5,
#: from the switch, port 2; bytes 44-45 (the message age, about 2 s then 3 s) left out
ROOT_AND_BLOCK_SENT = {2: ["0180c20000000001020304050026424203000000000010000000000000010000"
                           "0005dead0504030201000002" + "----" + "1400010000000000000000000000",
                           "0180c20000000001020304050026424203000000000010000000000000010000"
                           "0005dead0504030201000002" + "----" + "1400010000000000000000000000"]}
ROOT_AND_BLOCK_AGES = {2: [(2 * 256 - 16, 2 * 256 + 32), (3 * 256 - 16, 3 * 256 + 32)]}


def _loop(flags: int) -> str:
    """Port 0 hears R with max age 1 s (it expires at the first hello period, 2 s); at 3 s port
    1 hears the switch's own message back (as a loop would bring it), with ``flags``."""
    return WIRING + f"""
InfiniteSource(DATA {bpdu(R, 4, B1, 0x8002, max_age=1)}, LIMIT 1, STOP false) -> [0]st;
TimedSource(3, DATA {bpdu(ME, 0, ME, 0x8002, flags, 20, 2, 15)}, LIMIT 1, STOP false) -> [1]st;
st[0] -> ToDump(out0.pcap);
st[1] -> ToDump(out1.pcap);
Idle -> [0]in_supp[0] -> [0]sw[0] -> [0]out_supp[0] -> Discard;
Idle -> [1]in_supp[1] -> [1]sw[1] -> [1]out_supp[1] -> Discard;
DriverManager(wait 4.5s, print st.msgs, print in_supp.active0, print in_supp.active1,
  print out_supp.active0, print out_supp.active1, stop);
"""


LOOP_ERR = """\
Setting send_tc_msg: BLOCK -> FORWARD on 0
Changing port 0 from 0 to 1
Setting send_tc_msg: BLOCK -> FORWARD on 1
Changing port 1 from 0 to 1
Changing port 0 from 1 to 2
Changing port 1 from 1 to 2
Expiring message on port 0
"""
LOOP_OUT = """\
 ffffffffffffffff:8002: tc  ffffffff -> ffffffffffffffff  m/h/d: 1/1/0
 dead050403020100:8002: tc  0 -> dead050403020100  m/h/d: 14/2/f
 dead050403020100:8002: tc  0 -> dead050403020100  m/h/d: 14/2/f
true
true
false
false
"""
OWN = ("0180c200000000010203040500264242030000000000dead05040302010000000000dead050403020100"
       "00{port:02x}0000140002000f000000000000000000")
TCM = "0180c20000000001020304050007424203000000800000" + "00" * 37
#: the switch's own message on both ports at 2 s and 4 s, except at 4 s on port 1: the
#: topology change notification (its own message came back there), or nothing once
#: acknowledged (TCA)
LOOP_SENT = {0: [OWN.format(port=0)] * 2, 1: [OWN.format(port=1), TCM]}
LOOP_TCA_SENT = {0: [OWN.format(port=0)] * 2, 1: [OWN.format(port=1)]}


def _click() -> Path | None:
    return oracle.click_tool("click")


def _run(tmp: Path, config: str, click: Path | None = None, sanitized: bool = False
         ) -> tuple[str, str, dict[int, list[bytes]]]:
    """(stdout, stderr, frames sent by output) of one run, by clickc or by ``click``."""
    for f in tmp.glob("out*.pcap"):
        f.unlink()
    (tmp / "r.click").write_text(config)
    if click is None:
        require_c_compiler()
        p = clickc(tmp, "compile", "-O1", "--cflags=-Werror", *(SANITIZE if sanitized else []),
                   "-o", "router", "r.click", timeout=900)
        assert p.returncode == 0, p.stderr[-4000:]
        cmd = [str(tmp / "router")]
    else:
        cmd = [str(click), "r.click"]
    r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=60,
                       env=sanitizer_env())
    assert r.returncode == 0, r.stderr
    sent = {}
    for f in sorted(tmp.glob("out*.pcap")):
        sent[int(f.stem[3:])] = [d for _, _, d in read_pcap(f)[1]]
    return r.stdout, r.stderr, {k: v for k, v in sent.items() if v}


def _check_sent(sent: dict[int, list[bytes]], expected: dict[int, list[str]],
                ages: dict[int, list[tuple[int, int]]] | None = None) -> None:
    assert sorted(sent) == sorted(expected)
    for port, frames in expected.items():
        got = sent[port]
        assert len(got) == len(frames), port
        for i, (g, e) in enumerate(zip(got, frames, strict=True)):
            h = g.hex()
            if ages:
                lo, hi = ages[port][i]
                assert lo <= int.from_bytes(g[44:46], "big") <= hi, (port, i, g[44:46].hex())
                h = h[:88] + "----" + h[92:]
            assert h == e, (port, i)


def _unreceived_masked(out: str) -> str:
    """The handler text with the port and the times of a never-received port's line masked
    (Click prints uninitialized memory there)."""
    return re.sub(r"(?m)^( ffffffffffffffff:)[0-9a-f]+(: tc  ffffffff -> ffffffffffffffff  "
                  r"m/h/d: ).*$", r"\1-\2-", out)


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_root_port_and_blocking(tmp_path: Path, sanitized: bool) -> None:
    """The better message's port is the root port, the port hearing an equal root at the same
    cost from a worse bridge blocks; the others step LISTEN -> LEARN -> FORWARD, one step per
    hello period with forward delay 0; the designated port sends the root's message."""
    out, err, sent = _run(tmp_path, ROOT_AND_BLOCK, sanitized=sanitized)
    assert err == ROOT_AND_BLOCK_ERR
    assert out == ROOT_AND_BLOCK_OUT
    _check_sent(sent, ROOT_AND_BLOCK_SENT, ROOT_AND_BLOCK_AGES)
    click = _click()
    if click is not None:
        out, err, sent = _run(tmp_path, ROOT_AND_BLOCK, click)
        assert err == ROOT_AND_BLOCK_ERR
        assert _unreceived_masked(out) == _unreceived_masked(ROOT_AND_BLOCK_OUT)
        _check_sent(sent, ROOT_AND_BLOCK_SENT, ROOT_AND_BLOCK_AGES)


@pytest.mark.parametrize("flags, expected", [(0, LOOP_SENT), (0x80, LOOP_TCA_SENT)],
                         ids=["tcm", "tca"])
def test_expiry_and_topology_change(tmp_path: Path, flags: int,
                                    expected: dict[int, list[str]]) -> None:
    """A message older than its max age expires and the switch is its own root again; its own
    message heard back on port 1 makes it send a topology change notification there, unless
    that message acknowledges one (TCA)."""
    config = _loop(flags)
    runs: list[Path | None] = [None]
    click = _click()
    if click is not None:
        runs.append(click)
    for tool in runs:
        out, err, sent = _run(tmp_path, config, tool)
        assert err == LOOP_ERR, tool
        assert out == LOOP_OUT, tool
        _check_sent(sent, expected)


def test_short_frame_is_a_counted_drop(tmp_path: Path) -> None:
    """clickc only (Click reads past the frame's data): a frame shorter than a configuration
    message's 52 bytes is dropped with a reason, and changes nothing."""
    config = WIRING + """
InfiniteSource(DATA \\<0180c2000000 020000000001 0007 4242 03 0000 00 80>, LIMIT 1, STOP false)
  -> [0]st;
Idle -> [1]st;
st[0] -> Discard; st[1] -> Discard;
Idle -> [0]in_supp[0] -> [0]sw[0] -> [0]out_supp[0] -> Discard;
Idle -> [1]in_supp[1] -> [1]sw[1] -> [1]out_supp[1] -> Discard;
DriverManager(wait 0.2s, print st.msgs, stop);
"""
    (tmp_path / "r.click").write_text(config)
    p = clickc(tmp_path, "run", "--stats=stats.json", "r.click")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[2] == " dead050403020100:0000: tc  0 -> dead050403020100  " \
                                       "m/h/d: 14/2/f"
    assert '"short BPDU": 1' in (tmp_path / "stats.json").read_text()


@pytest.mark.parametrize("args, message", [
    ("00:01:02:03:04:05, sw, out_supp, sw", "INPUT_SUPPRESSOR: element type mismatch, "
                                            "expected Suppressor"),
    ("00:01:02:03:04:05, in_supp, out_supp, in_supp", "SWITCH: element type mismatch, "
                                                      "expected EtherSwitch"),
    ("00:01:02:03:04:05, in_supp, out_supp, nope", "SWITCH: does not name an element"),
    ("00:01:02:03:04:05, in_supp, out_supp, sw, 5", "too many arguments"),
])
def test_configuration_errors(tmp_path: Path, args: str, message: str) -> None:
    """Click's configure messages (recorded from Click)."""
    (tmp_path / "r.click").write_text(
        WIRING.replace("00:01:02:03:04:05, in_supp, out_supp, sw", args)
        + "Idle -> [0]st[0] -> Discard; Idle -> [1]st[1] -> Discard;\n"
        + "Idle -> [0]in_supp[0] -> [0]sw[0] -> [0]out_supp[0] -> Discard;\n"
        + "Idle -> [1]in_supp[1] -> [1]sw[1] -> [1]out_supp[1] -> Discard;\n")
    p = clickc(tmp_path, "check", "r.click")
    assert p.returncode == 1
    assert p.stderr.startswith("r.click:2: While configuring 'st :: EtherSpanTree':\n  "
                               + message), p.stderr


TSAN = ["--cflags=-fsanitize=thread", "--cflags=-g", "--cflags=-fno-omit-frame-pointer",
        "--ldflags=-fsanitize=thread"]


@pytest.mark.parametrize("tsan", [False, True], ids=["plain", "tsan"])
def test_two_threads(tmp_path: Path, tsan: bool) -> None:
    """The messages of two ports arrive from two threads while the hello timer runs: the element
    lock keeps the port table whole; the outcome is the one-thread outcome."""
    if tsan:
        require_tsan(tmp_path)
    config = ROOT_AND_BLOCK.replace("LIMIT 1,", "LIMIT 2000,") \
        .replace("InfiniteSource(DATA", "src0 :: InfiniteSource(DATA", 1) \
        .replace("\nInfiniteSource(DATA", "\nsrc1 :: InfiniteSource(DATA", 1) \
        .replace("wait 3.5s", "wait 2.5s") + "StaticThreadSched(src0 0, src1 1);\n"
    (tmp_path / "r.click").write_text(config)
    p = clickc(tmp_path, "run", "-j", "2", *(TSAN if tsan else []), "r.click")
    assert p.returncode == 0, p.stderr[-4000:]
    assert p.stdout.splitlines()[:4] == ROOT_AND_BLOCK_OUT.splitlines()[:4]
    assert p.stdout.splitlines()[4:] == ["true", "false", "true", "false", "false", "false"]
