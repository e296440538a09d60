"""AnnotationInfo (issue 19): names for packet annotations, resolved at compile time in other
elements' annotation arguments, with Click's checks of NAME, OFFSET and SIZE and its
CHECK_OVERLAP (elements/standard/annotationinfo.cc)."""

from __future__ import annotations

from pathlib import Path

from clickc.args import check_annotation_overlap, define_annotationinfo_arg
from clickc.args.addresses import AddressInfoDB

from tests.testlib import clickc

from .harness import run


def test_definitions() -> None:
    db = AddressInfoDB()
    for arg in ("MYMARK 18 1", "MYW 30 4", "MYP PAINT", "", "# comment", "CHECK_OVERLAP x"):
        assert define_annotationinfo_arg(arg, "a", db) == [], arg
    assert db.lookup("a", "MYMARK", "anno") == (18, 1)
    assert db.lookup("a", "MYP", "anno") == (16, 0)
    assert define_annotationinfo_arg("PAINT 3", "a", db) == ["bad NAME 'PAINT'"]
    assert define_annotationinfo_arg("12 3", "a", db) == ["bad NAME '12'"]
    for bad in ("x 60", "x 46 4", "x 4 2 z", "x nope", "x PAINT 2", "x 4 -1"):
        assert define_annotationinfo_arg(bad, "a", db) == ["bad entry for 'x'"], bad
    assert check_annotation_overlap("CHECK_OVERLAP MYMARK PAINT MYP", "a", db) == [
        "annotations 'PAINT' and 'MYP' conflict"]
    assert check_annotation_overlap("CHECK_OVERLAP MYW EXTRA_LENGTH nope", "a", db) == [
        "bad ANNO 'nope'", "annotations 'MYW' and 'EXTRA_LENGTH' conflict"]


def test_names_in_arguments(tmp_path: Path) -> None:
    r = run(tmp_path, "AnnotationInfo(MYMARK 18 1, CHECK_OVERLAP MYMARK PAINT);\n"
            "InfiniteSource(LIMIT 3, STOP true) -> Paint(3, ANNO MYMARK)\n"
            "  -> c :: CheckPaint(3, ANNO 18) -> a :: Counter -> Discard;\n"
            "c[1] -> b :: Counter -> Discard;\n", [], ["a.count", "b.count"])
    assert (r.handlers["a.count"], r.handlers["b.count"]) == ("3", "0")


def test_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "AnnotationInfo(MYW 30 4, PAINT 3, CHECK_OVERLAP MYW EXTRA_LENGTH);\n"
            "Idle -> Paint(3, ANNO MYW) -> Discard;\n", [], expect_ok=False)
    assert "bad NAME 'PAINT'" in r.stderr
    # Click checks CHECK_OVERLAP in AnnotationInfo::initialize, which a router whose
    # configuration failed never reaches ($CLICK_PREFIX/bin/click on this configuration)
    assert "annotations 'MYW' and 'EXTRA_LENGTH' conflict" not in r.stderr
    assert "ANNO: parse error" in r.stderr


def test_overlap_reported_at_initialization(tmp_path: Path) -> None:
    """Recorded with $CLICK_PREFIX/bin/click t.click (standard error, exit status 1)."""
    (tmp_path / "t.click").write_text(
        "AnnotationInfo(MYW 30 4, CHECK_OVERLAP MYW EXTRA_LENGTH);\nIdle -> Discard;\n")
    p = clickc(tmp_path, "check", "t.click")
    assert (p.returncode, p.stderr) == (1, (
        "t.click:1: While initializing 'AnnotationInfo@1 :: AnnotationInfo':\n"
        "  annotations 'MYW' and 'EXTRA_LENGTH' conflict\n"
        "Router could not be initialized!\n"))
