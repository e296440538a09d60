"""The committed generated parser (grammar/gen) must match grammar/Click.g4.

``make parser`` records the SHA-256 of Click.g4 in grammar/gen/__init__.py; a grammar edit
without regeneration fails here.  When java and the ANTLR 4.13.2 jar are available the parser is
also regenerated into a temporary directory and compared file by file.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import clickc.grammar.gen as gen
import pytest

ROOT = Path(__file__).resolve().parents[2]
G4 = ROOT / "grammar" / "Click.g4"
JAR = Path.home() / ".m2/repository/org/antlr/antlr4/4.13.2/antlr4-4.13.2-complete.jar"


def test_recorded_grammar_hash_matches() -> None:
    assert gen.GRAMMAR_SHA256 == hashlib.sha256(G4.read_bytes()).hexdigest(), \
        "grammar/Click.g4 changed: run 'make parser' and commit grammar/gen"


@pytest.mark.skipif(shutil.which("java") is None or not JAR.exists(),
                    reason="java or the ANTLR 4.13.2 jar not available")
def test_regenerated_parser_is_identical(tmp_path: Path) -> None:
    shutil.copy(G4, tmp_path / "Click.g4")
    subprocess.run(["java", "-jar", str(JAR), "-Dlanguage=Python3", "-visitor", "-no-listener",
                    "-o", "gen", "Click.g4"], cwd=tmp_path, check=True, capture_output=True)
    committed = ROOT / "grammar" / "gen"
    for f in sorted((tmp_path / "gen").iterdir()):
        assert f.read_text() == (committed / f.name).read_text(), f"stale {f.name}"
