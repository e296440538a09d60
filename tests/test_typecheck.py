"""The type checker sees the whole package: passes get real types for the router graph, its
elements and the element specs, not ``Any`` (tests/typecheck.py builds the package layout mypy
reads; ``make test`` runs it over the whole package)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.typecheck import ROOT, run_mypy

PROBE = '''
from clickc.ir import RouterGraph
from clickc.passes.manager import PassContext

def probe(graph: RouterGraph, ctx: PassContext) -> None:
    spec = ctx.registry.get("Queue")
    reveal_type(spec)
    reveal_type(graph.element("q"))
    reveal_type(ctx.profile)
'''


def test_passes_see_graph_and_spec_types(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    p = run_mypy((probe,))
    revealed = re.findall(r'Revealed type is "([^"]*)"', p.stdout)
    assert len(revealed) == 3, p.stdout + p.stderr
    spec, element, profile = revealed
    assert spec == "clickc.elements.spec.ElementSpec | None", spec
    assert element == "clickc.ir.Element", element
    assert "Any" not in profile, profile
    errors = [ln for ln in p.stdout.splitlines() if ": error:" in ln]
    assert not errors, "\n".join(errors)


#: Parameter and attribute names that hold the graph, its elements, specs or the registry.
TYPED_NAMES = {"graph", "g", "element", "e", "spec", "specs", "registry", "ctx", "profile"}


def test_no_any_for_graph_element_spec_in_passes() -> None:
    found = []
    for path in sorted((ROOT / "passes").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                found += [f"{path.name}:{node.lineno}: {node.name}({a.arg}: "
                          f"{ast.unparse(a.annotation)})"
                          for a in args if a.arg in TYPED_NAMES and a.annotation is not None
                          and "Any" in ast.unparse(a.annotation)]
            elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                  and node.target.id in TYPED_NAMES and "Any" in ast.unparse(node.annotation)):
                found.append(f"{path.name}:{node.lineno}: {node.target.id}: "
                             f"{ast.unparse(node.annotation)}")
    assert not found, "Any where passes hold a graph, element, spec or registry:\n" + \
        "\n".join(found)
