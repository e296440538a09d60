"""Shared helpers for the front-end tests."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from clickc.cli import main

DATA = Path(__file__).parent / "data"
CLICK_FLATTEN = Path("/tmp/clickinst/bin/click-flatten")
CLICK_SRC = Path("/tmp/clicksrc")


def run_clickc(args: list[str]) -> tuple[int, str, str]:
    """Run ``clickc ARGS`` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(args)
    return rc, out.getvalue(), err.getvalue()
