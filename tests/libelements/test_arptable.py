"""ARPTable (issue 19): ARPQuerier's table (ethernet/ckarptable.h) as an element of its own, with
Click's handlers: insert, delete (the entry stays, unknown), table, count, length, drops, clear,
and the write handlers' errors."""

from __future__ import annotations

from pathlib import Path

from .harness import run


def test_handlers(tmp_path: Path) -> None:
    r = run(tmp_path, "t :: ARPTable(TIMEOUT 10, ENTRY_CAPACITY 2);\n"
            "c :: ARPTable;\n"
            "Script(write t.insert 10.0.0.1 00:01:02:03:04:05,"
            " write t.insert 10.0.0.2 0:0:0:0:0:9, write t.delete 10.0.0.2,"
            " write c.insert 10.0.0.7 0:0:0:0:0:7, write c.clear,"
            " write t.insert 10.0.0.3 0:0:0:0:0:3);\n", [],
            ["t.table", "t.count", "t.length", "t.drops", "c.count"])
    # ENTRY_CAPACITY 2: the oldest entry (10.0.0.1) went when 10.0.0.3 came
    assert r.handlers["t.table"].splitlines() == [
        "10.0.0.2 0 FF-FF-FF-FF-FF-FF 0.000000", "10.0.0.3 1 00-00-00-00-00-03 0.000000"]
    assert (r.handlers["t.count"], r.handlers["t.length"], r.handlers["t.drops"],
            r.handlers["c.count"]) == ("2", "0", "0", "0")


def test_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "t :: ARPTable;\nScript(write t.insert 10.0.0.1, write t.delete x);\n",
            [], expect_ok=False)
    assert "missing required ETH argument" in r.stderr
    r = run(tmp_path, "t :: ARPTable(CAPACITY_SLIM_FACTOR 0);\n", [], expect_ok=False)
    assert "CAPACITY_SLIM_FACTOR cannot be zero" in r.stderr
    # a configure error, as $CLICK_PREFIX/bin/click r.click reports it
    assert "While configuring 't :: ARPTable':\n  CAPACITY_SLIM_FACTOR cannot be zero\n" \
        in r.stderr
