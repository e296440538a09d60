"""Script TYPE PACKET (issue 18, kind 3): a Script with ports runs once per packet and its value
chooses the output (Click's Script::push and Script::pull; docs/runtime.md, "Script and
DriverManager").  Before the fix the generated code called the Script's push function, which
the element's C file did not define, and the link failed with ``undefined symbol: eN_push``."""

from __future__ import annotations

from pathlib import Path

from tests.testlib import run_config

#: Push and pull PACKET scripts, an implied TYPE (ports without TYPE), a script without
#: outputs after an Unqueue, the three ways a run ends: return N, end (output 0), exit (none),
#: and an exported variable (a read handler: Click's Script export).
CONFIG = """\
InfiniteSource(LIMIT 6)
  -> rr :: Script(TYPE PACKET, init n 0, set n $(add $n 1), return $(mod $n 3));
rr[0] -> c0 :: Counter -> Discard;
rr[1] -> c1 :: Counter -> Discard;
rr[2] -> gone :: Script(exit) -> Discard;
InfiniteSource(LIMIT 3) -> Queue
  -> pl :: Script(TYPE PACKET, return $(if $(eq $input 0) 0 1))
  -> Unqueue -> c2 :: Counter -> Discard;
pl[1] -> Discard;
InfiniteSource(LIMIT 2) -> Script(end) -> c3 :: Counter -> Discard;
InfiniteSource(LIMIT 4) -> SimpleQueue -> uq :: Unqueue(LIMIT 1)
  -> cu :: Counter -> Script(TYPE PACKET, write uq.reset);
InfiniteSource(LIMIT 3) -> ex :: Script(export n 0, set n $(add $n 1));
"""


def test_packet_scripts_link_and_route(tmp_path: Path) -> None:
    r = run_config(tmp_path, CONFIG, "-h", "c0.count", "-h", "c1.count", "-h", "c2.count",
                   "-h", "c3.count", "-h", "cu.count", "-h", "ex.n")
    assert r.returncode == 0, r.stderr
    assert "undefined symbol" not in r.stderr
    values = dict(zip(r.stdout.split()[0::2], r.stdout.split()[1::2], strict=True))
    # n = 1..6: n mod 3 sends two packets to each output; "exit" chooses none (dropped)
    assert values["c0.count:"] == "2" and values["c1.count:"] == "2"
    assert values["c2.count:"] == "3"   # a pull script returning 0 hands every packet on
    assert values["c3.count:"] == "2"   # "end" sends to output 0
    # the script resets the Unqueue after each packet, so its LIMIT 1 never ends the flow
    assert values["cu.count:"] == "4"
    assert values["ex.n:"] == "3"   # the script counted every packet in its exported $n


#: Script language pieces Click's test/standard/Script-02 and -04 use, in a configuration of
#: our own: byte-order functions, the script's "set" and "shift" handlers, \<HEX> in quoted
#: text, readq's unquoted parameter and the script's own handler named ELEMENT.NAME.
LANGUAGE = """\
s0 :: Script(print $(htonl 1), print $(ntohs 256),
   write set words alpha beta, print $(shift words), print $(get words),
   printn >OUT $(f.run "\\<41 0a 42>"),
   readq length "\\<01 20 03 04>",
   stop);
f :: Script(TYPE PASSIVE, returnq $1);
"""


def test_script_language_pieces(tmp_path: Path) -> None:
    r = run_config(tmp_path, LANGUAGE)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "16777216\n1\nalpha\nbeta\n"
    assert (tmp_path / "OUT").read_bytes() == b"A\nB"
    assert r.stderr == "s0.length:\n4\n"
