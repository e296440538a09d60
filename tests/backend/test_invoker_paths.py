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
                                cwd=str(work), invokers=[str(inv)])
    assert got == {"IN": str(inv / "data" / "in.pcap"), "OUT": "out", "N": "5"}


def test_working_directory_wins_and_same_directory_is_untouched(tmp_path: Path) -> None:
    inv = tmp_path / "repo"
    work = tmp_path / "scratch"
    for d in (inv, work):
        d.mkdir()
        (d / "in.pcap").write_bytes(b"")
    assert resolve_invoker_paths({"IN": "in.pcap"}, cwd=str(work), invokers=[str(inv)]) == {
        "IN": "in.pcap"}
    assert resolve_invoker_paths({"IN": "x"}, cwd=str(work), invokers=[str(work)]) == {"IN": "x"}
    assert resolve_invoker_paths({"IN": "in.pcap"}, cwd=str(work), invokers=["relative"]) == {
        "IN": "in.pcap"}
    assert os.path.isabs(resolve_invoker_paths({"IN": "../repo/in.pcap"}, cwd=str(inv),
                                               invokers=[str(work)])["IN"]) is False


def test_ancestor_working_directory_is_found(tmp_path: Path) -> None:
    """The parent (this pytest process) has another cwd than the child: the child finds the file
    through the process tree even when a shell in between reset $PWD."""
    import subprocess
    import sys

    (tmp_path / "work").mkdir()
    rel = os.path.relpath(__file__, os.getcwd())
    code = ("from clickc.commands.run import resolve_invoker_paths as r; "
            f"print(r({{'IN': {rel!r}}})['IN'])")
    out = subprocess.run(["bash", "-c", f"{sys.executable} -c \"{code}\""],
                         cwd=tmp_path / "work", capture_output=True, text=True, check=True)
    assert out.stdout.strip() == os.path.normpath(os.path.join(os.getcwd(), rel))
