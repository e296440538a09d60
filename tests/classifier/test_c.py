"""The emitted C: warning-free with clang and gcc, never reads past a packet (AddressSanitizer,
exact-size buffers), and agrees with the Python evaluator and with real Click."""

from __future__ import annotations

import random
import shutil
import subprocess
import tempfile

import pytest
from clickc.classifier.classifier_lang import parse_classifier
from clickc.classifier.dag import Packet, build_decision
from clickc.classifier.emit import emit_c
from clickc.classifier.ipfilter_lang import parse_ipclassifier
from cls_common import expected, frames_for, rulesets
from cls_gen import classifier_ruleset, ether_frame, ip_ruleset, ipv4_packet
from cls_harness import build, have_cc, run

pytestmark = pytest.mark.skipif(have_cc() is None, reason="no C compiler")

PORTS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _pc(port: int) -> str:
    return "-" if port < 0 else PORTS[port]


@pytest.mark.parametrize("cc", ["clang", "gcc"])
def test_warning_free(cc: str) -> None:
    if shutil.which(cc) is None:
        pytest.skip(f"no {cc}")
    rng = random.Random(7)
    src = ["#include <stdint.h>\n#include <string.h>\n"]
    for k in range(20):
        rs, _ = parse_classifier(classifier_ruleset(rng)) if k % 2 else \
            parse_ipclassifier(["tcp port 80", "udp and src net 10/8", "-"])
        src.append(emit_c(build_decision(rs), f"f{k}"))
    rs, _ = parse_ipclassifier(["-"])
    src.append(emit_c(build_decision(rs), "always"))
    rs, _ = parse_classifier(["-"])
    src.append(emit_c(build_decision(rs), "always2"))
    src.append("int main(void) { uint8_t b[64] = {0};\n"
               + "".join(f"  (void) f{k}(b, 64{', 20, b, 64' if k % 2 == 0 else ''});\n"
                         for k in range(20))
               + "  return always(b, 0, 0, 0, 0) + always2(b, 0); }\n")
    with tempfile.TemporaryDirectory() as td:
        path = f"{td}/t.c"
        with open(path, "w") as f:
            f.write("".join(src))
        p = subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2",
                            "-c", path, "-o", f"{td}/t.o"], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr


@pytest.mark.parametrize("cc", ["clang", "gcc"])
def test_single_function_leaves_no_unused_helper(cc: str) -> None:
    """A router with one classifier that needs only 16-bit loads still builds with -Werror
    (clang warns about unused static inline functions in the main file)."""
    if shutil.which(cc) is None:
        pytest.skip(f"no {cc}")
    rs, _ = parse_classifier(["12/0806", "-"])
    src = emit_c(build_decision(rs), "f") + (
        "int main(void) { uint8_t b[64] = {0}; return f(b, 64); }\n")
    with tempfile.TemporaryDirectory() as td:
        with open(f"{td}/t.c", "w") as f:
            f.write("#include <stdint.h>\n" + src)
        p = subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-c", f"{td}/t.c",
                            "-o", f"{td}/t.o"], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr


def test_emission_is_deterministic() -> None:
    rng = random.Random(3)
    pats = ip_ruleset(rng, 6)
    a = emit_c(build_decision(parse_ipclassifier(pats)[0]), "f")
    b = emit_c(build_decision(parse_ipclassifier(pats)[0]), "f")
    assert a == b


def test_c_agrees_with_click() -> None:
    """Every recorded run (see test_click_agreement) through the compiled C under ASan."""
    rss = rulesets()
    names = sorted(rss)
    exe = build([build_decision(rss[n]) for n in names])
    bad = []
    for runname, res in expected()["runs"].items():
        frames = frames_for(runname)
        if frames is None:
            continue
        pk = []
        for fr in frames:
            ok = len(fr) >= 14 and fr[12:14] == b"\x08\x00"
            pk.append((fr, 14 if ok else None, (fr[14] & 15) * 4 if ok and len(fr) > 14 else 0))
        for j, line in enumerate(run(exe, pk)):
            for k, n in enumerate(names):
                if line[k] != res[n][j]:
                    bad.append((runname, n, j, line[k], res[n][j]))
    assert not bad, bad[:10]


@pytest.mark.parametrize("seed", range(3))
def test_c_agrees_with_python(seed: int) -> None:
    """Random rule sets and hostile packets (random bytes, IHL < 5, transport offsets past the
    end, truncation, missing MAC header) through C under ASan and through the Python DAG."""
    rng = random.Random(1000 + seed)
    decisions = []
    for k in range(24):
        if k % 3 == 0:
            rs, diag = parse_classifier(classifier_ruleset(rng))
        else:
            while True:
                pats = ip_ruleset(rng)
                if rng.random() < 0.3:
                    pats.insert(0, "ether host 00:11:22:33:44:55 or src ether host "
                                   "00:00:00:00:00:01")
                rs, diag = parse_ipclassifier(pats)
                if not diag.nerrors:
                    break
        decisions.append(build_decision(rs))
    exe = build(decisions)
    packets: list[tuple[bytes, int | None, int]] = []
    for _ in range(1500):
        r = rng.random()
        if r < 0.4:
            ip, th = ipv4_packet(rng)
        elif r < 0.6:
            ip = rng.randbytes(rng.randint(0, 70))
            th = rng.randint(0, 80)
        else:
            ip, th = ipv4_packet(rng)
            ip = bytes([(ip[0] & 0xF0) | rng.randint(0, 4)]) + ip[1:]
            th = (ip[0] & 15) * 4
        mac = rng.choice([bytes.fromhex("001122334455") + rng.randbytes(6),
                          rng.randbytes(12), bytes(6) + bytes.fromhex("000000000001")])
        packets.append((mac + b"\x08\x00" + ip, 14, th))
    for _ in range(300):
        packets.append((ether_frame(rng), None, 0))
    out = run(exe, packets)
    for (frame, nh, th), line in zip(packets, out, strict=True):
        for k, d in enumerate(decisions):
            if d.space == "ip":
                want = "." if nh is None else _pc(d.classify(Packet(frame[nh:], th, frame)))
            else:
                want = _pc(d.classify(Packet(frame)))
            assert line[k] == want, (k, frame.hex(), th)
