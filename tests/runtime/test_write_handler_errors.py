"""Write handlers given bad values report what Click reports (runtime/ckargs.h: Click's Args
wording such as "CAPACITY: invalid number", "SPORT: overflow, range 0-65535", "SRC: parse
error"; data handlers' "expected boolean"; the elements' own messages).

write_handlers/errors.click is ours: 81 elements, each with one Script writing one bad (or
good) value, and a last Script that stops the router.  write_handlers/errors.expected is what
Click's userlevel driver printed for it (the command is its first line).  clickc runs the same
file with `clickc run`; the outputs are compared line by line (Script's "While calling
'ELEMENT.HANDLER VALUE':" context included).

Counter's count_call: the test's configurations are quoted in it, with what
`click FILE` printed for them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "write_handlers"


def _normalize(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("#")]


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


COUNT_CALL_CASES = [
    # (configuration, what `click FILE` printed, exit status)
    ("Idle -> e :: Counter -> Discard;\n"
     "Script(write e.count_call 5, read e.count_call, write e.count_call 7 e.reset,"
     " read e.count_call, write e.count_call 9 x.y, read e.count_call,"
     " write e.count_call 11 e.nosuch, stop);\n",
     "While executing 'Script@4 :: Script':\n  While calling 'e.count_call 5':\n"
     "    syntax error\ne.count_call:\n\ne.count_call:\n7\n"
     "  While calling 'e.count_call 9 x.y':\n    no element named 'x'\ne.count_call:\n9\n"
     "  While calling 'e.count_call 11 e.nosuch':\n    no 'e.nosuch' write handler\n", 0),
    ("Idle -> e :: Counter(COUNT_CALL 5 x.y) -> Discard;\n",
     "cc.click:1: While initializing 'e :: Counter':\n  no element named 'x'\n"
     "Router could not be initialized!\n", 1),
    ("Idle -> e :: Counter(COUNT_CALL 5) -> Discard;\nScript(read e.count_call, stop)",
     "cc.click:1: While initializing 'e :: Counter':\n  syntax error\n"
     "Router could not be initialized!\n", 1),
]


@pytest.mark.skipif(shutil.which("clickc") is None, reason="needs the clickc command")
@pytest.mark.parametrize("case", range(len(COUNT_CALL_CASES)))
def test_counter_count_call_checks_its_handler_call(tmp_path: Path, case: int) -> None:
    """The count is kept when the handler call is refused; the call is checked as Click's
    HandlerCall::initialize_write checks it, at initialization and on every write."""
    text, expected, status = COUNT_CALL_CASES[case]
    (tmp_path / "cc.click").write_text(text)
    r = subprocess.run(["clickc", "run", "cc.click"], capture_output=True, text=True,
                       timeout=900, cwd=tmp_path)
    assert r.returncode == status
    assert r.stdout + r.stderr == expected
