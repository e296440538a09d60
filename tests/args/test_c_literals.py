"""The C11 constants of parsed values: compiled with gcc and clang (-Wall -Wextra -Werror) and
checked at run time against the bytes and numbers the values stand for."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from clickc.args import c_length, c_literal, parse_value
from clickc.args.values import c_string


def _case(type_name: str, text: str) -> tuple[str, object]:
    return type_name, parse_value(type_name, text)


def _checks() -> list[str]:
    """C statements, each failing with a distinct exit code when a constant is wrong."""
    checks: list[str] = []

    def add(cond: str) -> None:
        checks.append(f"if (!({cond})) return {len(checks) + 1};")

    ip = parse_value("ip", "18.26.4.9")
    add(f"memcmp((const uint8_t[4]){{18,26,4,9}}, &(uint32_t){{{c_literal(ip)}}}, 4) == 0")
    add(f"{ip.c_literal_host()} == 0x121A0409u")
    pf = parse_value("ipprefix", "18.26.4/24")
    add(f"{c_literal(pf)}.mask == htonl(0xFFFFFF00u)")
    add(f"{c_literal(pf)}.addr == htonl(0x121A0400u)")
    eth = parse_value("ether", "00:11:22:33:44:55")
    add(f"memcmp({c_literal(eth)}, \"\\x00\\x11\\x22\\x33\\x44\\x55\", 6) == 0")
    ip6 = parse_value("ip6", "1080::8:800:200C:417A")
    add(f"{c_literal(ip6)}[0] == 0x10 && {c_literal(ip6)}[15] == 0x7A")
    p6 = parse_value("ip6prefix", "::ffff:1.2.3.4/96")
    add(f"{c_literal(p6)}.prefix_len == 96 && {c_literal(p6)}.addr[12] == 1")
    add(f"{c_literal(parse_value('time', '1.5ms'))} == INT64_C(1500000)")
    add(f"{c_literal(parse_value('bandwidth', '10Mbps'))} == 1250000u")
    for t, x, expected in [("int", "-2147483648", "INT32_MIN"), ("int", "-5", "-5"),
                           ("unsigned", "4294967295", "UINT32_MAX"),
                           ("int64", "-9223372036854775808", "INT64_MIN"),
                           ("unsigned64", "18446744073709551615", "UINT64_MAX"),
                           ("byte", "255", "255u"), ("uint16", "0x10", "16u")]:
        add(f"{c_literal(parse_value(t, x), t)} == {expected}")
    add(f"{c_literal(parse_value('real', '1.5e-3'))} == 1.5e-3")
    add(f"{c_literal(parse_value('real', 'inf'))} > 1e308")
    add(f"{c_literal(parse_value('bool', 'true'))} == 1")
    s = parse_value("string", '"a\\000b\\<48 65>?""?=x"')
    add(f"sizeof({c_literal(s)}) - 1 == {c_length(s)}")
    add(f"memcmp({c_literal(s)}, \"a\\000bHe\\?\\?=x\", {c_length(s)}) == 0")
    add(f"{c_string(bytes(range(256)))}[255] == (char) 255")
    lst = parse_value("ip list", "1.2.3.4 5.6.7.8")
    add(f"{c_literal(lst, 'ip list')}[1] == htonl(0x05060708u)")
    add(f"{c_literal([], 'ip list')} == 0")
    el = parse_value("ether list", "0:1:2:3:4:5 6:7:8:9:a:b")
    add(f"{c_literal(el, 'ether list')}[1][5] == 0x0B")
    words = parse_value("word list", "a bc")
    add(f"strcmp({c_literal(words, 'word list')}[1], \"bc\") == 0")
    return checks


SOURCE = """#include <stdint.h>
#include <string.h>
#include <arpa/inet.h>
int main(void) {
%s
    return 0;
}
"""


@pytest.mark.parametrize("cc", ["gcc", "clang"])
def test_literals_compile_and_hold(cc: str, tmp_path: Path) -> None:
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")
    src = tmp_path / "lits.c"
    src.write_text(SOURCE % "\n".join("    " + c for c in _checks()))
    exe = tmp_path / "lits"
    r = subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", str(src), "-o",
                        str(exe)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    run = subprocess.run([str(exe)])
    assert run.returncode == 0, f"check {run.returncode} failed"


def test_literal_shapes() -> None:
    assert c_literal(parse_value("ip", "18.26.4.9")) == (
        "(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? 0x09041A12u : 0x121A0409u)")
    assert c_literal(parse_value("ether", "0-11-22-33-44-55")) == (
        "((const uint8_t[6]){0x00,0x11,0x22,0x33,0x44,0x55})")
    assert parse_value("ether", "0-11-22-33-44-55").c_initializer() == (
        "{0x00,0x11,0x22,0x33,0x44,0x55}")
    assert c_literal(parse_value("time", "2s")) == "INT64_C(2000000000)"
    assert c_literal(parse_value("unsigned", "5"), "unsigned") == "5u"
    assert c_literal(parse_value("int", "-5"), "int") == "INT32_C(-5)"
    assert c_literal(b"a\x00\"\\") == '"a\\000\\"\\\\"'
    assert c_length(b"a\x00b") == 3
