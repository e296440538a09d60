"""An IPRewriter run by two threads (-j 2, two sources feeding it): the shared table under its
lock maps every flow once, and the counts are Click's.

Expected values recorded from Click's userlevel driver:
``click tests/nat/configs/twosources.click IN=../shared/pcaps/ndpi-gnutella.pcap -h c.count
-h rw.nmappings -h rw.size`` printed c.count 3794, rw.nmappings 919, rw.size 919."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .cases import CONFIGS, PCAPS


@pytest.mark.parametrize("threads", [1, 2])
def test_two_threads_share_one_table(threads: int, tmp_path: Path) -> None:
    """The same mappings and counts on one and on two threads, as Click."""
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    cfg = CONFIGS / "twosources.click"
    gen = subprocess.run([sys.executable, "-m", "clickc", "compile", "-j", str(threads),
                          "--emit", "c", "-o", str(tmp_path / "r.c"), str(cfg)],
                         capture_output=True, text=True, timeout=600)
    assert gen.returncode == 0, gen.stderr
    if threads > 1:  # the rewriter's template takes its lock
        assert "#define ELEMENT_NTHREADS 2" in (tmp_path / "r.c").read_text()
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "-O1", "-j", str(threads),
                        str(cfg), f"IN={PCAPS / 'ndpi-gnutella.pcap'}", "-h", "c.count",
                        "-h", "rw.nmappings", "-h", "rw.size"],
                       capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.split() == ["c.count:", "3794", "rw.nmappings:", "919", "rw.size:", "919"]
