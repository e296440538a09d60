"""RandomBitErrors (issue 19): each bit changed with probability P (flip, set or clear), nothing
while inactive, Click's configuration checks and handlers (Click's
elements/standard/randomerror.cc)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import run

N, SIZE = 40, 1000
ZEROS = [bytes(SIZE)] * N
ONES = [b"\xff" * SIZE] * N

CONFIG = """
define($IN in.pcap, $OUT .);
RandomSeed(7);
FromDump($IN, STOP true) -> t :: Tee(4);
t[0] -> f :: RandomBitErrors(0.1) -> ToDump($OUT/flip.pcap);
t[1] -> s :: RandomBitErrors(0.25, set) -> ToDump($OUT/set.pcap);
t[2] -> c :: RandomBitErrors(0.5, clear) -> ToDump($OUT/clear.pcap);
t[3] -> i :: RandomBitErrors(0.5, flip, false) -> ToDump($OUT/idle.pcap);
Idle -> h :: RandomBitErrors(0.5) -> Discard;
DriverManager(wait_stop, write h.p_bit_error 0.125, write h.error_kind clear, write h.active false,
       write h.p_bit_error 1.5, write h.error_kind swap, stop);
"""


def _ones(frames: list[bytes]) -> float:
    return sum(bin(b).count("1") for f in frames for b in f) / (len(frames) * SIZE * 8)


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_bit_error_rates(tmp_path: Path, sanitized: bool) -> None:
    r = run(tmp_path, CONFIG, ZEROS,
            handlers=["h.p_bit_error", "h.error_kind", "h.active", "f.error_kind"],
                    sanitized=sanitized)
    assert 0.09 < _ones(r.frames("flip")) < 0.11
    assert 0.23 < _ones(r.frames("set")) < 0.27
    assert _ones(r.frames("clear")) == 0  # clearing zeros changes nothing
    assert r.frames("idle") == ZEROS
    assert r.handlers == {"h.p_bit_error": "0.125", "h.error_kind": "clear",
                          "h.active": "false", "f.error_kind": "flip"}
    assert "drop probability must be between 0 and 1" in r.stderr
    assert "bad action 'swap' (must be 'set', 'clear', or 'flip')" in r.stderr


def test_clear_on_ones_and_seeded_runs_agree(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a = run(tmp_path / "a", CONFIG, ONES)
    b = run(tmp_path / "b", CONFIG, ONES)
    assert 0.48 < 1 - _ones(a.frames("clear")) < 0.52
    assert a.frames("flip") == b.frames("flip") and a.frames("clear") == b.frames("clear")


def test_configuration_checks(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> RandomBitErrors(1.5) -> Discard;\n"
            "Idle -> RandomBitErrors(0.5, toggle) -> Discard;\n", [], expect_ok=False)
    assert "drop probability must be between 0 and 1" in r.stderr
    assert "bad action 'toggle'" in r.stderr
    r = run(tmp_path, "Idle -> RandomBitErrors(0) -> Discard;\n", [])
    assert "zero bit error probability (underflow?)" in r.stderr
