"""Real Click for the trace-format tests (issue 19): the tests beside this module check
clickc's outputs against expectations recorded from Click, and with ``CLICK_PREFIX`` (Click's
install prefix, its driver in ``bin/click``) set they check the same expectations against a run
of Click itself, so that a recording that drifted from Click fails.  Without the variable those
checks skip (CI has no Click)."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

from tests import oracle

__all__ = ["click_driver", "run_click", "sha256"]


def click_driver() -> Path:
    """``$CLICK_PREFIX/bin/click`` (tests/oracle.py); skips the calling test when it is not
    there."""
    return oracle.require_click_tool("click")


def run_click(cwd: Path, config: str, *args: str,
              timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Click's driver on the configuration text ``config`` (written to ``cwd/click.click``)
    with the options ``args`` (``-h E.H``, ``NAME=VALUE``...), run in ``cwd``; output captured
    as text; ``timeout`` in seconds.  Skips as :func:`click_driver` does."""
    driver = click_driver()
    (cwd / "click.click").write_text(config)
    return subprocess.run([str(driver), "click.click", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)


def sha256(path: Path) -> str:
    """The hex sha256 of the file ``path``."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
