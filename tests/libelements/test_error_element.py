"""Error (issue 19): any configuration and ports are accepted, and the router fails to
initialize with no message from the element, as Click's Router::initialize words it
(Click's elements/standard/errorelement.cc, lib/router.cc)."""

from __future__ import annotations

from pathlib import Path

from .harness import run


def test_error_stops_initialization(tmp_path: Path) -> None:
    r = run(tmp_path, "InfiniteSource(LIMIT 1) -> Error(anything, \"at all\") -> Discard;\n"
            "Idle -> e :: Error -> Idle; Idle -> [1]e[1] -> Idle;\n", [], expect_ok=False)
    assert r.stderr.strip() == "Router could not be initialized!"
