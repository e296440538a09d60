"""Where real Click (the oracle) is: four environment variables, never a fixed path.

Tests that compare clickc with Click find Click only through these variables (docs/testing.md):

- ``CLICK_PREFIX``: Click's install prefix (``bin/click``, ``bin/click-flatten``,
  ``bin/click-check``, ``bin/click-undead``, ``share/click/elementmap.xml``);
- ``CLICK_SRC``: Click's source tree (``test/`` with its regression tests, ``conf/``); built in
  place where a test links Click's objects (tests/args/oracle);
- ``CLICK6``: the ``click`` program of a Click built with the ip6 element group
  (``--enable-ip6``), for the IPv6 recordings;
- ``FASTCLICK``: FastClick's ``click`` program.

A variable that is unset (or names something missing) makes the tests that need it skip with a
reason naming the variable; tests with expectations recorded from Click (committed next to
them) keep running on those.  Each accessor returns None when its oracle is not there; the
``require_*`` forms skip the calling test instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

__all__ = ["CLICK6_VAR", "FASTCLICK_VAR", "PREFIX_VAR", "SRC_VAR", "click6", "click_src",
           "click_tool", "elementmap", "fastclick", "require_click6", "require_click_src",
           "require_click_tool", "require_elementmap", "require_fastclick",
           "skip_reason_src", "skip_reason_tool"]

PREFIX_VAR = "CLICK_PREFIX"
SRC_VAR = "CLICK_SRC"
CLICK6_VAR = "CLICK6"
FASTCLICK_VAR = "FASTCLICK"


def _env_path(var: str) -> Path | None:
    v = os.environ.get(var, "").strip()
    return Path(v) if v else None


def click_tool(name: str = "click") -> Path | None:
    """``$CLICK_PREFIX/bin/NAME`` (``click``, ``click-flatten``, ``click-check``,
    ``click-undead``) when the variable is set and the program exists, else None."""
    prefix = _env_path(PREFIX_VAR)
    if prefix is None:
        return None
    p = prefix / "bin" / name
    return p if p.is_file() else None


def elementmap() -> Path | None:
    """``$CLICK_PREFIX/share/click/elementmap.xml`` when it exists, else None."""
    prefix = _env_path(PREFIX_VAR)
    if prefix is None:
        return None
    p = prefix / "share" / "click" / "elementmap.xml"
    return p if p.is_file() else None


def click_src(sub: str = "") -> Path | None:
    """``$CLICK_SRC/SUB`` (``test``, ``conf``, a file in them, or the tree itself for ``""``)
    when the variable is set and that path exists, else None."""
    src = _env_path(SRC_VAR)
    if src is None:
        return None
    p = src / sub if sub else src
    return p if p.exists() else None


def click6() -> Path | None:
    """``$CLICK6``, a Click ``click`` program built with ip6 elements, when it exists."""
    p = _env_path(CLICK6_VAR)
    return p if p is not None and p.is_file() else None


def fastclick() -> Path | None:
    """``$FASTCLICK``, FastClick's ``click`` program, when it exists."""
    p = _env_path(FASTCLICK_VAR)
    return p if p is not None and p.is_file() else None


def skip_reason_tool(name: str = "click") -> str:
    """Why a test needing ``$CLICK_PREFIX/bin/NAME`` does not run."""
    return f"real Click not available: set {PREFIX_VAR} to Click's install prefix " \
           f"(with bin/{name})"


def skip_reason_src(sub: str = "") -> str:
    """Why a test needing ``$CLICK_SRC/SUB`` does not run."""
    where = f" (with {sub})" if sub else ""
    return f"Click's source tree not available: set {SRC_VAR} to it{where}"


def _present(p: Path | None, reason: str) -> Path:
    """``p``; skips the calling test with ``reason`` when it is None."""
    if p is None:
        pytest.skip(reason)
    return p


def require_click_tool(name: str = "click") -> Path:
    """``$CLICK_PREFIX/bin/NAME``; skips the calling test when it is not there."""
    return _present(click_tool(name), skip_reason_tool(name))


def require_elementmap() -> Path:
    """Click's installed element map; skips the calling test when it is not there."""
    return _present(elementmap(), f"real Click not available: set {PREFIX_VAR} to Click's "
                                  "install prefix (with share/click/elementmap.xml)")


def require_click_src(sub: str = "") -> Path:
    """``$CLICK_SRC/SUB``; skips the calling test when it is not there."""
    return _present(click_src(sub), skip_reason_src(sub))


def require_click6() -> Path:
    """``$CLICK6``; skips the calling test when it is not there."""
    return _present(click6(), f"Click with ip6 elements not available: set {CLICK6_VAR} to "
                              "its click program")


def require_fastclick() -> Path:
    """``$FASTCLICK``; skips the calling test when it is not there."""
    return _present(fastclick(), f"FastClick not available: set {FASTCLICK_VAR} to its click "
                                 "program")
