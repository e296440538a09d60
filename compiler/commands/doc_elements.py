"""``clickc doc-elements [-o DIR] [--check]``: write the element reference pages.

The pages (docs/elements/ in the repository) are generated from the element specs by
``clickc.elements.docgen``.  ``--check`` writes nothing and exits 1 when a page in DIR differs
from what the specs give (the test suite uses the same comparison).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clickc.elements.docgen import render_pages

NAME = "doc-elements"
HELP = "generate the element reference pages (docs/elements/) from the specs"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", default="docs/elements", metavar="DIR",
                   help="directory for the pages (default: docs/elements)")
    p.add_argument("--check", action="store_true",
                   help="only compare DIR with the generated pages; exit 1 when stale")


def stale_pages(directory: Path) -> list[str]:
    """Names of pages in ``directory`` that are missing, different, or no longer generated."""

    pages = render_pages()
    stale = [n for n, text in pages.items()
             if not (directory / n).is_file() or (directory / n).read_text() != text]
    if directory.is_dir():
        stale += [p.name for p in directory.glob("*.md") if p.name not in pages]
    return sorted(stale)


def run(args: argparse.Namespace) -> int:

    out = Path(args.output)
    if args.check:
        stale = stale_pages(out)
        for n in stale:
            print(f"clickc doc-elements: {out / n} is out of date", file=sys.stderr)
        return 1 if stale else 0
    out.mkdir(parents=True, exist_ok=True)
    pages = render_pages()
    for old in out.glob("*.md"):
        if old.name not in pages:
            old.unlink()
    for name, text in pages.items():
        (out / name).write_text(text)
    return 0
