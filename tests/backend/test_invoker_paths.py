"""`clickc run` resolves relative file parameters against $PWD when its caller changed directory
(as ../shared/conformance/check.py does: it runs `clickc run` with cwd= a scratch copy)."""

import os
from pathlib import Path

from clickc.commands.run import resolve_invoker_paths


def test_relative_parameter_found_from_invoker(tmp_path: Path) -> None:
    inv = tmp_path / "repo"
    (inv / "data").mkdir(parents=True)
    (inv / "data" / "in.pcap").write_bytes(b"")
    work = tmp_path / "scratch"
    work.mkdir()
    got = resolve_invoker_paths({"IN": "data/in.pcap", "OUT": "out", "N": "5"},
                                cwd=str(work), pwd=str(inv))
    assert got == {"IN": str(inv / "data" / "in.pcap"), "OUT": "out", "N": "5"}


def test_working_directory_wins_and_same_directory_is_untouched(tmp_path: Path) -> None:
    inv = tmp_path / "repo"
    work = tmp_path / "scratch"
    for d in (inv, work):
        d.mkdir()
        (d / "in.pcap").write_bytes(b"")
    assert resolve_invoker_paths({"IN": "in.pcap"}, cwd=str(work), pwd=str(inv)) == {
        "IN": "in.pcap"}
    assert resolve_invoker_paths({"IN": "x"}, cwd=str(work), pwd=str(work)) == {"IN": "x"}
    assert resolve_invoker_paths({"IN": "in.pcap"}, cwd=str(work), pwd="relative") == {
        "IN": "in.pcap"}
    assert os.path.isabs(resolve_invoker_paths({"IN": "../repo/in.pcap"}, cwd=str(inv),
                                               pwd=str(work))["IN"]) is False
