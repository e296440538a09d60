"""AggregatePacketCounter (issue 19): packet numbers per aggregate and input (Click's
elements/analysis/aggpktcounter.cc): `received` and `undelivered` lists, `count`, `clear`,
ANNO NONE, pull ports, aggregate 0 and the exit warning, and the configuration's "bad ANNO"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.testlib import SANITIZE, clickc, run_config

#: Input 0: aggregate 1 packet numbers 0 and 3, and a packet without aggregate; input 1:
#: aggregate 1 packet number 0 twice, aggregate 2 packet number 5.
CONFIG = """
c :: AggregatePacketCounter(ANNO {anno});
InfiniteSource(LIMIT 1, STOP false) -> Paint(1, 20) -> Paint(0, 40) -> [0]c;
InfiniteSource(LIMIT 1, STOP false) -> Paint(1, 20) -> Paint(3, 40) -> [0]c;
InfiniteSource(LIMIT 2, STOP false) -> Paint(1, 20) -> Paint(0, 40) -> [1]c;
InfiniteSource(LIMIT 1, STOP false) -> Paint(2, 20) -> Paint(5, 40) -> [1]c;
InfiniteSource(LIMIT 1, STOP false) -> [0]c;
c[0] -> c0 :: Counter -> Discard; c[1] -> c1 :: Counter -> Discard;
DriverManager(wait 0.2s, read c.count, read c.received 1, read c.undelivered 1,
  read c.received 2, read c.undelivered 2, read c.received, read c.received 7,
  write c.clear, read c.count, read c.received x, read c0.count, read c1.count);
"""


def _values(stderr: str) -> list[str]:
    """The values DriverManager's reads printed on standard error, in order (each after its
    "NAME:" line; error contexts left out)."""
    out: list[str] = []
    cur: list[str] | None = None
    for line in stderr.splitlines():
        if line.startswith(("While", " ")):
            continue
        if line.endswith(":") and "." in line and " " not in line:
            if cur is not None:
                out.append("\n".join(cur).strip("\n"))
            cur = []
        elif cur is not None:
            cur.append(line)
    if cur is not None:
        out.append("\n".join(cur).strip("\n"))
    return out


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_counts_and_lists(tmp_path: Path, sanitized: bool) -> None:
    p = run_config(tmp_path, CONFIG.format(anno=40), *(SANITIZE if sanitized else []))
    assert p.returncode == 0, p.stderr
    assert _values(p.stderr) == ["5", "0\n3", "3", "5", "", "", "", "0", "", "3", "3"]
    assert "argument should be aggregate number" in p.stderr
    assert "saw no packets" not in p.stderr


def test_anno_none(tmp_path: Path) -> None:
    """ANNO NONE: every packet is packet number 0, so input 0's single 0 is covered by input
    1's two."""
    p = run_config(tmp_path, CONFIG.format(anno="NONE"))
    assert p.returncode == 0, p.stderr
    assert _values(p.stderr)[:4] == ["5", "0", "", "0"]


def test_pull_and_warning(tmp_path: Path) -> None:
    """Pulled through, input N to output N; packets without aggregate give Click's warning at
    exit, at the element's declaration (as $CLICK_PREFIX/bin/click r.click prints it)."""
    config = """InfiniteSource(LIMIT 3, STOP true) -> Queue -> c :: AggregatePacketCounter
  -> k :: Counter -> u :: Unqueue -> Discard;
"""
    p = run_config(tmp_path, config, "-h", "k.count", "-h", "c.count")
    assert p.returncode == 0, p.stderr
    assert "k.count:\n3" in p.stdout and "c.count:\n0" in p.stdout
    assert "c :: AggregatePacketCounter: warning: saw no packets with aggregate annotations\n" \
        in p.stderr


@pytest.mark.parametrize("anno", ["PAINT", "FOO", "46"])
def test_bad_anno(tmp_path: Path, anno: str) -> None:
    (tmp_path / "r.click").write_text(
        f"Idle -> c :: AggregatePacketCounter(ANNO {anno}) -> Discard;\n")
    p = clickc(tmp_path, "check", "r.click")
    assert p.returncode == 1
    assert "bad ANNO" in p.stderr
