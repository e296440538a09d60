"""ProgressBar (issue 19): drawn on standard error when it is the controlling terminal (run
under a pseudo-terminal), Click's line layout (banner, percentage, bar, position, ETA, the
final line), nothing without a terminal, its handlers, and the router still ending when its
sources are done (Click's elements/userlevel/progressbar.cc)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from tests.testlib import require_c_compiler

from .harness import run

CONFIG = """
InfiniteSource(LIMIT 2000000, STOP true) -> c :: Counter -> Discard;
p :: ProgressBar(c.count, FIXED_SIZE 2000000, UPDATE 0.02, BANNER demo);
q :: ProgressBar(c.count, ACTIVE false);
Script(read p.poshandler, read p.sizehandler, read p.size, read q.active,
       write q.banner hello, read q.banner, write q.size 7, read q.size,
       write q.sizehandler c.count, read q.sizehandler, write q.poshandler nosuch.h);
"""


def _under_pty(cmd: list[str], cwd: Path) -> str:
    """Run cmd with a pseudo-terminal as its controlling terminal and standard error; what
    the terminal received."""
    master, slave = pty.openpty()

    def ctty() -> None:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)

    p = subprocess.Popen(cmd, cwd=cwd, stdin=slave, stdout=subprocess.DEVNULL, stderr=slave,
                         preexec_fn=ctty)
    os.close(slave)
    out = b""
    while True:
        try:
            d = os.read(master, 4096)
        except OSError:
            break
        if not d:
            break
        out += d
    os.close(master)
    assert p.wait(timeout=600) == 0, out.decode(errors="replace")[-3000:]
    return out.decode(errors="replace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux pseudo-terminals")
def test_draws_on_a_terminal(tmp_path: Path) -> None:
    require_c_compiler()
    cfg = tmp_path / "p.click"
    cfg.write_text(CONFIG)
    text = _under_pty([sys.executable, "-m", "clickc", "run", str(cfg)], tmp_path)
    lines = re.findall(r"\r(demo [^\r\n]*)", text)
    assert lines, text
    # 80 columns: "\rdemo NNN% " (11) + a bar of 80 - (11 + 25) + 8 = 52 columns, then the
    # position is left out (no size handler) and the time follows (the Script's lines may
    # follow on the same line: the bar ends with no newline)
    for ln in lines:
        m = re.match(r"demo +(\d+)% \|(\**)( *)\| {4}(\d\d:\d\d)( ETA|    )", ln)
        assert m, repr(ln)
        assert len(m.group(2)) + len(m.group(3)) == 52
        assert len(m.group(2)) == 52 * int(m.group(1)) // 100
    # the last line is complete and ends the bar with a newline
    assert re.search(r"\rdemo 100% \|\*{52}\| {4}\d\d:\d\d {4}\r?\n", text), text
    assert "hello" in text and "c.count" in text
    assert "no 'nosuch.h' read handler" in text or "no element named 'nosuch'" in text
    assert "q.active:\r\nfalse" in text and "q.size:\r\n7" in text


def test_silent_without_terminal(tmp_path: Path) -> None:
    r = run(tmp_path, "InfiniteSource(LIMIT 1000, STOP true) -> c :: Counter -> Discard;\n"
            "p :: ProgressBar(c.count, FIXED_SIZE 1000);\n", [], handlers=["p.pos", "p.size"])
    assert "%" not in r.stderr
    assert r.handlers == {"p.pos": "0", "p.size": "1000"}


def test_unknown_handler_refused(tmp_path: Path) -> None:
    r = run(tmp_path, "ProgressBar(x.count);\nx :: Counter;\nIdle -> x -> Discard;\n"
            "ProgressBar(y.count);\n", [], expect_ok=False)
    assert "no element named 'y'" in r.stderr
