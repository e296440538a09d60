"""The committed generated parsers (grammar/gen, grammar/gen_cpp) must match grammar/Click.g4.

``make parser`` records the SHA-256 of Click.g4 in grammar/gen/__init__.py and
grammar/gen_cpp/__init__.py; a grammar edit without regeneration fails here.  When java and the
ANTLR jars (4.13.2 for Python, 4.9 for C++) are available the parsers are also regenerated into
a temporary directory and compared file by file.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import clickc.grammar.gen as gen
import clickc.grammar.gen_cpp as gen_cpp
import pytest

ROOT = Path(__file__).resolve().parents[2]
G4 = ROOT / "grammar" / "Click.g4"
JAR = Path.home() / ".m2/repository/org/antlr/antlr4/4.13.2/antlr4-4.13.2-complete.jar"
CPP_JAR = Path.home() / ".m2/repository/org/antlr/antlr4/4.9/antlr4-4.9-complete.jar"


def test_recorded_grammar_hash_matches() -> None:
    assert gen.GRAMMAR_SHA256 == hashlib.sha256(G4.read_bytes()).hexdigest(), \
        "grammar/Click.g4 changed: run 'make parser' and commit grammar/gen"
    assert gen_cpp.GRAMMAR_SHA256 == gen.GRAMMAR_SHA256, \
        "grammar/Click.g4 changed: run 'make parser' and commit grammar/gen_cpp"


@pytest.mark.parametrize("jar,language,options,committed", [
    (JAR, "Python3", ["-visitor", "-no-listener"], "gen"),
    (CPP_JAR, "Cpp", ["-no-visitor", "-no-listener"], "gen_cpp")])
def test_regenerated_parser_is_identical(tmp_path: Path, jar: Path, language: str,
                                         options: list[str], committed: str) -> None:
    if shutil.which("java") is None or not jar.exists():
        pytest.skip(f"java or {jar.name} not available")
    shutil.copy(G4, tmp_path / "Click.g4")
    subprocess.run(["java", "-jar", str(jar), f"-Dlanguage={language}", *options,
                    "-o", "gen", "Click.g4"], cwd=tmp_path, check=True, capture_output=True)
    for f in sorted((tmp_path / "gen").iterdir()):
        if f.suffix in (".py", ".cpp", ".h") or committed == "gen":
            assert f.read_text() == (ROOT / "grammar" / committed / f.name).read_text(), \
                f"stale {f.name}"
