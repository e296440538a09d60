"""Shared helpers for the front-end tests."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from clickc.cli import main

from tests import oracle

DATA = Path(__file__).parent / "data"
#: ``$CLICK_PREFIX/bin/click-flatten`` and ``$CLICK_SRC`` (tests/oracle.py); None when unset.
CLICK_FLATTEN = oracle.click_tool("click-flatten")
CLICK_SRC = oracle.click_src()


def run_clickc(args: list[str]) -> tuple[int, str, str]:
    """Run ``clickc ARGS`` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(args)
    return rc, out.getvalue(), err.getvalue()
