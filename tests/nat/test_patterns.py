"""The IPRewriter family's compile-time parser against Click's messages, and the pattern
arithmetic of IPRewriterPattern::parse (elements/ip/iprwpattern.cc).

bad/*.expected were recorded from Click's userlevel driver:
``cd tests/nat/bad && $CLICK_PREFIX/bin/click NAME.click 2> NAME.expected``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from clickc.args.addresses import AddressInfoDB, NameContext
from clickc.elements.tcpudp.rewriter_config import Pattern, parse_pattern, parse_with_ports

BAD = Path(__file__).resolve().parent / "bad"


def _nc() -> NameContext:
    return NameContext(AddressInfoDB(), "rw")


def _ip(s: str) -> int:
    a, b, c, d = (int(x) for x in s.split("."))
    return a << 24 | b << 16 | c << 8 | d


def test_configure_errors_as_click() -> None:
    """Every configuration error of patterns_bad.click, in Click's words and order."""
    p = subprocess.run([sys.executable, "-m", "clickc", "check", "patterns_bad.click"],
                       capture_output=True, text=True, cwd=BAD, timeout=300)
    assert p.returncode == 1
    expected = (BAD / "patterns_bad.expected").read_text().splitlines()
    assert expected[-1] == "Router could not be initialized!"
    assert p.stderr.splitlines() == expected


def test_mapper_output_range_at_initialization() -> None:
    """A mapper pattern naming outputs the rewriter lacks fails at initialization, as
    RoundRobinIPMapper::notify_rewriter (the deprecated REAP_TIME warns first)."""
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "-O0", "mapper_init.click"],
                       capture_output=True, text=True, cwd=BAD, timeout=600)
    assert p.returncode == 1
    expected = (BAD / "mapper_init.expected").read_text().splitlines()
    assert p.stderr.splitlines()[-3:] == expected[-3:]
    # the configuration's warning (printed when the router is compiled; a cached program
    # prints only the initialization error)
    c = subprocess.run([sys.executable, "-m", "clickc", "check", "mapper_init.click"],
                       capture_output=True, text=True, cwd=BAD, timeout=300)
    assert c.stderr.splitlines()[:2] == expected[:2]


def test_prefix_variation() -> None:
    """A prefix pattern skips PREFIX.0 and PREFIX.255; /31 uses both; /32 one address."""
    p = parse_pattern(["10.0.0.0/24#", "-"], _nc(), {})
    assert isinstance(p, Pattern)
    assert (p.saddr, p.variation_top, p.sequential, p.same_first, p.is_napt) == \
        (_ip("10.0.0.1"), 253, True, False, False)
    p = parse_pattern(["10.0.0.7/31", "-"], _nc(), {})
    assert isinstance(p, Pattern) and (p.saddr, p.variation_top) == (_ip("10.0.0.6"), 1)
    p = parse_pattern(["10.0.0.7/32", "-"], _nc(), {})
    assert isinstance(p, Pattern) and (p.saddr, p.variation_top) == (_ip("10.0.0.7"), 0)


def test_port_ranges_and_flags() -> None:
    """``LO-HI`` ranges, ``#`` sequential (not same-first), ``?`` random, errors."""
    p = parse_pattern(["1.2.3.4", "1024-65535?", "-", "-"], _nc(), {})
    assert isinstance(p, Pattern)
    assert (p.sport, p.variation_top, p.sequential, p.same_first, p.is_napt) == \
        (1024, 64511, False, False, True)
    p = parse_pattern(["1.2.3.4", "5.6.7.8", "80"], _nc(), {})  # 3 words: SADDR DADDR SPORT
    assert isinstance(p, Pattern) and (p.sport, p.daddr) == (80, _ip("5.6.7.8"))
    assert parse_pattern(["1.2.3.4", "80#", "-", "-"], _nc(), {}) == "bad source port"
    assert parse_pattern(["1.2.3.4", "2000-1000", "-", "-"], _nc(), {}) == "bad source port"
    assert parse_pattern(["1.2.3.9-1.2.3.4", "-"], _nc(), {}) == "bad source address"
    assert parse_pattern(["-", "-", "-", "65536"], _nc(), {}) == "bad destination port"
    assert parse_pattern(["a", "b", "c", "d", "e"], _nc(), {}) == "syntax error"
    assert parse_pattern(["NAT"], _nc(), {}) == "no such pattern 'NAT'"
    assert parse_with_ports("1.2.3.4 0", _nc(), {}) == "syntax error"
    assert parse_with_ports("1.2.3.4 0 1", _nc(), {}) == "no such pattern '1.2.3.4'"
    assert parse_with_ports("1.2.3.4 - - - x 1", _nc(), {}) == "bad forward port"
    assert parse_with_ports("1.2.3.4 - - - 0 y", _nc(), {}) == "bad reply port"
