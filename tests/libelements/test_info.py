"""DevirtualizeInfo, IPNameInfo and IPFieldInfo (issue 19): information elements that do
nothing at run time; DevirtualizeInfo accepts any configuration, the two name tables none, as
Click's (Element::configure's "too many arguments")."""

from __future__ import annotations

from pathlib import Path

from .harness import run


def test_info_elements(tmp_path: Path) -> None:
    r = run(tmp_path, "DevirtualizeInfo(some hints, more); IPNameInfo; IPFieldInfo();\n"
            "InfiniteSource(LIMIT 3) -> c :: Counter -> Discard;\n", [], ["c.count"])
    assert r.handlers["c.count"] == "3"


def test_name_tables_take_no_arguments(tmp_path: Path) -> None:
    r = run(tmp_path, "IPNameInfo(3); i :: IPFieldInfo(x);\n", [], expect_ok=False)
    assert r.stderr.count("too many arguments") == 2
