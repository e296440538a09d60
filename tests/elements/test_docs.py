"""The committed element reference pages (docs/elements/) are what the specs generate."""

from __future__ import annotations

import argparse
from pathlib import Path

from clickc.commands import doc_elements
from clickc.commands.doc_elements import stale_pages
from clickc.elements import registry
from clickc.elements.docgen import describe_ports, describe_processing, render_pages

DOCS = Path(__file__).resolve().parents[2] / "docs" / "elements"


def test_committed_pages_are_current() -> None:
    stale = stale_pages(DOCS)
    assert stale == [], f"run 'clickc doc-elements' to regenerate: {stale}"


def test_every_class_has_a_section_and_an_index_row() -> None:
    pages = render_pages()
    for s in registry.all_specs():
        assert f"\n## {s.name}\n" in pages[f"{s.group}.md"]
        assert f"[{s.name}]({s.group}.md#{s.name.lower()})" in pages["README.md"]


def test_plain_word_readings() -> None:
    q = registry.get("Queue")
    assert q is not None
    assert describe_ports(q) == "1 input; 1 to 2 outputs"
    assert describe_processing(q) == "inputs push; output 0 pull, outputs 1+ push"
    s = registry.get("Suppressor")
    assert s is not None and describe_ports(s) == "any number of inputs; as many outputs as inputs"


def _run(*argv: str) -> int:
    p = argparse.ArgumentParser()
    doc_elements.add_arguments(p)
    return doc_elements.run(p.parse_args(list(argv)))


def test_command_writes_and_checks(tmp_path: Path) -> None:
    assert _run("-o", str(tmp_path)) == 0
    assert _run("-o", str(tmp_path), "--check") == 0
    (tmp_path / "ip.md").write_text("stale\n")
    (tmp_path / "gone.md").write_text("old\n")
    assert _run("-o", str(tmp_path), "--check") == 1
    assert _run("-o", str(tmp_path)) == 0
    assert not (tmp_path / "gone.md").exists()
