"""An element whose push outputs or pull inputs are never used (fed only by Idle) still
builds warning-free: its generated output/pull switch is marked unused."""

from __future__ import annotations

from pathlib import Path

from clickc.backend.cc import BuildOptions, syntax_check
from clickc.driver import generate_c
from clickc.errors import ErrorHandler


def test_idle_fed_switch_builds_with_werror(tmp_path: Path) -> None:
    cfg = tmp_path / "idle.click"
    cfg.write_text("Idle -> s :: Switch(0); s[0] -> Discard; s[1] -> Discard;\n"
                   "Idle -> q :: Queue -> t :: PullTee -> Discard; t[1] -> Discard;\n")
    c = generate_c(cfg, errh=ErrorHandler())
    syntax_check(c, BuildOptions(extra_cflags=["-Werror", "-Wunused-function"]))
