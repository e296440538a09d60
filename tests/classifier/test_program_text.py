"""The ``program`` handler's text is Click's (issue 18): the optimized wordwise program Click
prints for the same configuration (compiler/classifier/program.py, docs/classifier.md).

Expected texts are what Click 2.1 prints for these configurations (its regression suite's
standard/Classifier-01 and ip/IPFilter-04..07 check the same ones)."""

from __future__ import annotations

import random
import re

import pytest
from clickc.classifier.dag import Packet, eval_atom, reference_classify
from clickc.classifier.element import compile_rules
from clickc.classifier.program import J_NEVER, program_text


def _text(cls: str, args: list[str], noutputs: int) -> str:
    rs, _d, diag = compile_rules(cls, args, noutputs)
    assert rs is not None, diag.lines()
    return program_text(cls, rs)


def _tail(safe: int) -> str:
    return f"safe length {safe}\nalignment offset 0\n"


def test_classifier_single_byte() -> None:
    assert _text("Classifier", ["1/01", "-"], 2) == (
        " 0   0/00010000%00ff0000  yes->[0]  no->[1]\n" + _tail(2))


def test_ipclassifier_ports_and_icmp() -> None:
    got = _text("IPClassifier", ["dst port 7777", "dst port 8888", "dst port 7000",
                                 "icmp type echo", "icmp", "-"], 6)
    assert got == (
        " 0 264/00060000%00ff0000  yes->step 2  no->step 1\n"
        " 1 264/00110000%00ff0000  yes->step 2  no->step 6\n"
        " 2 260/00000000%00001fff  yes->step 3  no->[5]\n"
        " 3 512/00001e61%0000ffff  yes->[0]  no->step 4\n"
        " 4 512/000022b8%0000ffff  yes->[1]  no->step 5\n"
        " 5 512/00001b58%0000ffff  yes->[2]  no->[5]\n"
        " 6 264/00010000%00ff0000  yes->step 7  no->[5]\n"
        " 7 260/00000000%00001fff  yes->step 8  no->[4]\n"
        " 8 512/08000000%ff000000  yes->[3]  no->[4]\n" + _tail(516))


def test_ipfilter_slots_and_nets() -> None:
    got = _text("IPFilter", ["0 udp dst port netbios-ns", "1 udp dst port 5353",
                             "2 udp src port bootpc", "3 128.230.206.0/24", "4 -"], 5)
    assert got == (
        " 0 264/00110000%00ff0000  yes->step 1  no->step 5\n"
        " 1 260/00000000%00001fff  yes->step 2  no->step 5\n"
        " 2 512/00000089%0000ffff  yes->[0]  no->step 3\n"
        " 3 512/000014e9%0000ffff  yes->[1]  no->step 4\n"
        " 4 512/00440000%ffff0000  yes->[2]  no->step 5\n"
        " 5 268/80e6ce00%ffffff00  yes->[3]  no->step 6\n"
        " 6 272/80e6ce00%ffffff00  yes->[3]  no->[4]\n" + _tail(516))


def test_ipclassifier_ternary_tcp_flags_short() -> None:
    got = _text("IPClassifier", ["proto icmp", "dst port 53",
                                 "(proto tcp and !(syn and !ack)) or (tcpudp port >= 1024)",
                                 "-"], 4)
    assert got == (
        " 0 264/00010000%00ff0000  yes->[0]  no->step 1\n"
        " 1 264/00060000%00ff0000  yes->step 3  no->step 2\n"
        " 2 264/00110000%00ff0000  yes->step 3  no->[3]\n"
        " 3 260/00000000%00001fff  yes->step 4  no->step 5\n"
        " 4 512/00000035%0000ffff  yes->[1]  no->step 5\n"
        " 5 264/00060000%00ff0000  yes->step 6  no->step 8\n"
        " 6 260/00000000%00001fff  yes->step 7  no->[2]\n"
        " 7 524/00020000%00120000  yes->step 9  no->[2]\n"
        " 8 260/00000000%00001fff  yes->step 9  no->[3]\n"
        " 9 512/00000000%fc00fc00  yes->[3]  no->[2]  short->yes\n" + _tail(526))


def test_ipfilter_dominated_rule_vanishes() -> None:
    got = _text("IPFilter", [
        "allow tcp && dst 10.0.0.0/32 && src 2.0.0.0/32",
        "allow tcp && dst 10.0.0.0/32 && dst port 80 && src 2.0.0.0/32", "allow all"], 1)
    assert got == "all->[0]\n" + _tail(0)


def test_ipfilter_ether_hosts() -> None:
    got = _text("IPFilter", ["allow src 0:1:2:3:4:5", "allow src 10.0.0.0 & 8.0.0.0 = 8.0.0.0",
                             "allow dst 10:20:30:40:50:60", "allow host 9:A:B:C:D:E",
                             "deny all"], 1)
    assert got == (
        " 0   8/00010203%ffffffff  yes->step 1  no->step 2\n"
        " 1  12/04050000%ffff0000  yes->[0]  no->step 2\n"
        " 2 268/0a000000%ffffffff  yes->[0]  no->step 3\n"
        " 3   0/00001020%0000ffff  yes->step 4  no->step 5\n"
        " 4   4/30405060%ffffffff  yes->[0]  no->step 5\n"
        " 5   8/090a0b0c%ffffffff  yes->step 6  no->step 7\n"
        " 6  12/0d0e0000%ffff0000  yes->[0]  no->step 7\n"
        " 7   0/0000090a%0000ffff  yes->step 8  no->[X]\n"
        " 8   4/0b0c0d0e%ffffffff  yes->[0]  no->[X]\n" + _tail(272))


ONE_TEST = " 0 268/0a000001%ffffffff  yes->[0]  no->[X]\n" + _tail(272)


@pytest.mark.parametrize(("args", "expected"), [
    (["allow false"], "all->[2147483647]\n" + _tail(0)),
    (["allow false"] * 3 + ["allow true"], "all->[0]\n" + _tail(0)),
    (["allow false", "allow false", "allow src 10.0.0.1"], ONE_TEST),
    (["allow src 10.0.0.1"], ONE_TEST),
    ([], "all->[2147483647]\n" + _tail(0)),
    (["allow false"] * 4 + ["allow src 10.0.0.1"], ONE_TEST),
])
def test_ipfilter_edge_cases(args: list[str], expected: str) -> None:
    assert _text("IPFilter", args, 1) == expected


def test_large_rule_set_stays_quick() -> None:
    """Past the dominator limit the text is still a complete program (every rule's port)."""
    args = [f"{i % 3} src host 10.0.{i // 256}.{i % 256} && tcp dst port {1000 + i}"
            for i in range(300)]
    got = _text("IPFilter", args, 3)
    for port in (0, 1, 2):
        assert f"yes->[{port}]" in got
    assert got.endswith(_tail(516))


def _run_program(space: str, insns: list[tuple[int, int, int, int, int, int]], everything: int,
                 pkt: Packet) -> int:
    """Interpret a printed program's instructions (offset, mask, value, short, no, yes) on
    ``pkt`` with the short-packet rule of the rules' atoms; returns the port (-1 drops)."""
    if not insns:
        return -1 if everything == -J_NEVER else everything
    pos = 0
    while True:
        off, mask, value, short, no, yes = insns[pos]
        hit = True if not mask else eval_atom(space, ("A", off, mask, value, short), pkt)
        nxt = yes if hit else no
        if nxt <= 0:
            return -1 if nxt == J_NEVER else -nxt
        pos = nxt


_LINE = re.compile(r"^\s*(\d+)\s+(\d+)/([0-9a-f]{8})%([0-9a-f]{8})  yes->(\S+(?: \d+)?)"
                   r"  no->(\S+(?: \d+)?)(  short->yes)?$")


def _parse_text(text: str) -> tuple[list[tuple[int, int, int, int, int, int]], int]:
    def jump(s: str) -> int:
        if s.startswith("step "):
            return int(s[5:])
        return J_NEVER if s == "[X]" else -int(s[1:-1])
    insns = []
    everything = 0
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            insns.append((int(m[2]), int(m[4], 16), int(m[3], 16), 1 if m[7] else 0,
                          jump(m[6]), jump(m[5])))
        elif line.startswith("all->["):
            everything = int(line[6:-1])
            everything = -J_NEVER if everything == -J_NEVER else everything
    return insns, everything


_VOCAB = ["tcp", "udp", "icmp", "src host 10.0.0.1", "dst net 10.0.0.0/8", "dst port 80",
          "src port > 1023", "tcp opt syn", "ip frag", "icmp type echo", "ip ttl < 5",
          "true", "false", "ip len >= 100", "tcp[13] & 2 != 0", "dst port 53"]


@pytest.mark.parametrize("seed", range(12))
def test_printed_program_classifies_as_rules(seed: int) -> None:
    """The printed IPFilter program, interpreted, sends random packets where the rules do."""
    rnd = random.Random(seed)
    args = []
    for _ in range(rnd.randrange(1, 7)):
        words = [rnd.choice(_VOCAB) for _ in range(rnd.randrange(1, 4))]
        joins = [rnd.choice([" and ", " or ", " and not "]) for _ in words[1:]]
        expr = words[0] + "".join(j + w for j, w in zip(joins, words[1:], strict=True))
        args.append(f"{rnd.choice(['allow', 'deny', '1', '2'])} {expr}")
    rs, _d, diag = compile_rules("IPFilter", args, 3)
    assert rs is not None, diag.lines()
    insns, everything = _parse_text(program_text("IPFilter", rs))
    for _ in range(400):
        hl = 20
        th = bytes(rnd.randrange(256) for _ in range(rnd.choice([0, 4, 14, 20])))
        ip = bytearray(rnd.randrange(256) for _ in range(hl))
        ip[0] = 0x45
        ip[9] = rnd.choice([1, 6, 17, 6, 17])
        ip[6] &= rnd.choice([0, 0, 0x1F])
        for k in (12, 16):
            if rnd.random() < 0.5:
                ip[k:k + 4] = bytes([10, 0, 0, rnd.choice([1, 2])])
        pkt = Packet(bytes(ip) + th, th_off=hl)
        assert _run_program("ip", insns, everything, pkt) == reference_classify(rs, pkt), args
