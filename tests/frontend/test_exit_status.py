"""Exit statuses of ``clickc run`` against Click's driver (userlevel/click.cc).

Click exits 1 when the configuration is refused; with ``-x ELEMENT.H`` it exits with the
handler's integer value (modulo 256, as any process status), 0/1 for a boolean, and 255 when
the handler cannot be read or its value is not an integer (``main`` returns -1).  Each expected
status and message below was recorded from Click with the command in the comment (the
configurations are ours); these tests do not need Click.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CASES = [
    # $CLICK_PREFIX/bin/click -q -e 'i :: Idle;' -x i.nosuch   -> 255
    ("i :: Idle;", ["-q", "-x", "i.nosuch"], 255, "no 'i.nosuch' read handler\n"),
    # $CLICK_PREFIX/bin/click -q -e 'i :: Idle;' -x i.class   -> 255
    ("i :: Idle;", ["-q", "-x", "i.class"], 255, "exit handler value should be integer\n"),
    # $CLICK_PREFIX/bin/click cnt.click -x c.count   -> 44 (300 modulo 256)
    ("InfiniteSource(LIMIT 300, STOP true) -> c :: Counter -> Discard;\n", ["-x", "c.count"],
     44, ""),
    # $CLICK_PREFIX/bin/click -q t.click   (t.click: this config)   -> 1
    ("Idle -> Counter(x) -> Discard;", ["-q"], 1,
     "t.click:1: While configuring 'Counter@2 :: Counter':\n  too many arguments\n"
     "Router could not be initialized!\n"),
]


@pytest.mark.parametrize("config,opts,status,stderr", CASES)
def test_run_exit_status_as_click(config: str, opts: list[str], status: int, stderr: str,
                                  tmp_path: Path) -> None:
    (tmp_path / "t.click").write_text(config)
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "t.click", *opts],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert (p.returncode, p.stderr) == (status, stderr)
