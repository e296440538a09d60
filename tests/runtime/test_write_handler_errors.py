"""Write handlers given bad values report what Click reports (runtime/ckargs.h: Click's Args
wording such as "CAPACITY: invalid number", "SPORT: overflow, range 0-65535", "SRC: parse
error"; data handlers' "expected boolean"; the elements' own messages).

write_handlers/errors.click is ours: 81 elements, each with one Script writing one bad (or
good) value, and a last Script that stops the router.  write_handlers/errors.expected is what
Click's userlevel driver printed for it (the command is its first line).  clickc runs the same
file with `clickc run`; the outputs are compared line by line, except Click's
"While calling 'ELEMENT.HANDLER VALUE':" context lines, which clickc's Script does not print yet
for write (a known difference, docs/runtime.md)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "write_handlers"


def _normalize(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if line.startswith("#") or re.match(r"\s*While calling '", line):
            continue
        out.append(re.sub(r"^ {4}", "  ", line))
    return out


@pytest.mark.skipif(shutil.which("clickc") is None, reason="needs the clickc command")
def test_write_handler_errors_match_click(tmp_path: Path) -> None:
    cfg = tmp_path / "errors.click"
    shutil.copy(HERE / "errors.click", cfg)
    r = subprocess.run(["clickc", "run", str(cfg)], capture_output=True, text=True, timeout=900,
                       cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    expected = _normalize((HERE / "errors.expected").read_text())
    got = _normalize(r.stdout + r.stderr)
    assert len(expected) >= 150  # the recorded file really holds the messages
    assert got == expected
