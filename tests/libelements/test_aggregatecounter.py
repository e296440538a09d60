"""AggregateCounter (issue 19): Click's own regression test (test/analysis/
AggregateCounter-01.clicktest: counts per aggregate of an IP summary dump, written as text to
standard output) and the other handlers: byte counts, nagg, freeze and the frozen second input,
counts_pdf (the trie's empty inner nodes are aggregates of count 0, as in Click), write_ip_file,
the binary dump and AGGREGATE_STOP."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest

from tests.testlib import SANITIZE, require_c_compiler, sanitizer_env

DUMP = "!data aggregate\n1\n1\n0\n0\n0\n2\n3\n2\n"

CLICK_TEST = """
FromIPSummaryDump(IN1, STOP true, ZERO true)
        -> a::AggregateCounter
        -> Discard;
DriverManager(pause, write a.write_text_file -, stop)
"""

MORE = """
f :: FromIPSummaryDump(IN1, STOP true, ZERO true) -> t :: Tee;
t[0] -> a :: AggregateCounter(BANNER "!made by a test") -> Discard;
t[1] -> fr :: AggregateCounter(AGGREGATE_FREEZE 2) -> Discard;
DriverManager(pause, write a.write_ip_file OUT/ip.txt, write a.write_file OUT/bin,
              write a.counts_pdf, write a.write_text_file OUT/pdf.txt, stop)
"""

STOPPING = """
FromIPSummaryDump(IN1, STOP true, ZERO true) -> st :: AggregateCounter(AGGREGATE_STOP 3)
    -> Discard;
"""


def _clickc_run(tmp_path: Path, config: str, handlers: list[str],
                sanitized: bool) -> tuple[str, str]:
    require_c_compiler()
    (tmp_path / "IN1").write_text(DUMP)
    (tmp_path / "OUT").mkdir(exist_ok=True)
    cfg = tmp_path / "c.click"
    cfg.write_text(config)
    import subprocess
    args = [sys.executable, "-m", "clickc", "run", *(SANITIZE if sanitized else []), str(cfg)]
    for h in handlers:
        args += ["-h", h]
    p = subprocess.run(args, capture_output=True, text=True, timeout=900, cwd=tmp_path,
                       env=sanitizer_env())
    assert p.returncode == 0, p.stderr
    return p.stdout, p.stderr


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_click_regression_test(tmp_path: Path, sanitized: bool) -> None:
    """Click's expected output, header lines (!...) ignored as the test does."""
    out, _ = _clickc_run(tmp_path, CLICK_TEST, [], sanitized)
    lines = [ln for ln in out.splitlines() if not ln.startswith("!")]
    assert lines == ["0 3", "1 2", "2 2", "3 1"]
    assert out.splitlines()[:2] == ["!IPAggregate 1.0", "!num_nonzero 4"]


def test_handlers_and_files(tmp_path: Path) -> None:
    """The frozen counter, the IP, binary and pdf dumps, the handlers."""
    out, _ = _clickc_run(tmp_path, MORE, ["a.nagg", "a.count", "fr.nagg", "fr.count",
                                          "fr.freeze", "a.banner"], False)
    # after counts_pdf: 7 trie nodes (4 counted aggregates, 3 empty ones), 4 distinct counts
    assert "a.nagg:\n4\n" in out and "a.count:\n7\n" in out
    # fr counts aggregates 1 and 0 only: 1, 1, 0, 0, 0 -> 5 packets (2 and 3 come frozen)
    assert "fr.nagg:\n2\n" in out and "fr.count:\n5\n" in out
    assert "fr.freeze:\ntrue\n" in out
    assert "a.banner:\n!made by a test\n" in out
    ip = (tmp_path / "OUT" / "ip.txt").read_text().splitlines()
    assert ip == ["!IPAggregate 1.0", "!made by a test", "!num_nonzero 4", "!ip",
                  "0.0.0.0 3", "0.0.0.1 2", "0.0.0.2 2", "0.0.0.3 1"]
    b = (tmp_path / "OUT" / "bin").read_bytes()
    head, _, body = b.partition(b"!packed_le\n" if sys.byteorder == "little" else b"!packed_be\n")
    assert head.endswith(b"!num_nonzero 4\n")
    assert list(struct.iter_unpack("=II", body)) == [(0, 3), (1, 2), (2, 2), (3, 1)]
    pdf = [ln for ln in (tmp_path / "OUT" / "pdf.txt").read_text().splitlines()
           if not ln.startswith("!")]
    # counts 3, 2, 2, 1 and the three empty nodes (count 0)
    assert pdf == ["0 3", "1 1", "2 2", "3 1"]


def test_aggregate_stop(tmp_path: Path) -> None:
    """The fourth aggregate stops the counter (inactive) and the router."""
    out, _ = _clickc_run(tmp_path, STOPPING, ["st.nagg", "st.count", "st.active"], False)
    assert out == "st.nagg:\n3\n\nst.count:\n6\n\nst.active:\nfalse\n\n"
