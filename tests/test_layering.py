"""Import dependencies of the ``clickc`` package point one way (docs/architecture.md).

Each module belongs to a layer; a module imports only modules of its own layer or of lower
layers, at module level or inside functions alike (an import hidden in a function to dodge a
cycle is still a dependency).  Imports under ``if TYPE_CHECKING:`` are left out: they name types
for the checker (e.g. the element spec declaring its hooks' signatures with the configure
context of the element library) and load nothing.  The layers, lowest first, are
:data:`LAYERS`; a module's layer is that of the longest prefix listed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: setup.py's ROOTS: top-level directory -> import package.
ROOTS = {"compiler": "clickc", "passes": "clickc.passes", "elements": "clickc.elements"}

#: Lowest first.  Prefixes of module names; the longest matching prefix decides.
LAYERS: tuple[tuple[str, ...], ...] = (
    # vocabulary: errors, the IR, the spec notation (port counts, processing and flow codes),
    # configuration-string splitting (Click's cp_argvec), C literals, the generated parser
    ("clickc.errors", "clickc.ir", "clickc.elements.spec", "clickc.args.lexing",
     "clickc.args.flowcode", "clickc.cformat", "clickc.grammar", "clickc.draw",
     "clickc.pcapfile"),
    # reading text: Click's configuration language and configuration arguments
    ("clickc.frontend", "clickc.args"),
    # the element library: specs, their hooks and the languages some classes compile
    ("clickc.elements", "clickc.classifier", "clickc.routes"),
    # Click's checks and the optimizing passes
    ("clickc.passes",),
    # code generation and the C compiler
    ("clickc.backend",),
    # the one compile driver
    ("clickc.driver",),
    # the command line
    ("clickc.commands", "clickc.cli", "clickc.__main__", "clickc.equivalence"),
)


def layer_of(module: str) -> int | None:
    """The index in :data:`LAYERS` of ``module`` (None for a module outside clickc).  The
    package itself (``clickc``: its version) is at the bottom."""
    if module == "clickc":
        return 0
    best: tuple[int, int] | None = None
    for i, prefixes in enumerate(LAYERS):
        for p in prefixes:
            if module == p or module.startswith(p + "."):
                if best is None or len(p) > best[0]:
                    best = (len(p), i)
    return None if best is None else best[1]


def module_name(path: Path) -> str:
    """The import name of the source file ``path`` (absolute, under ROOT)."""
    rel = path.relative_to(ROOT)
    pkg = ROOTS[rel.parts[0]]
    parts = list(rel.with_suffix("").parts[1:])
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join([pkg, *parts])


def imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` for every clickc import in ``path`` (but type-checking ones)."""
    me = module_name(path)
    base = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
    out: list[tuple[int, str]] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for top in ast.walk(tree) if isinstance(top, ast.If)
                   and ast.unparse(top.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
                   for n in ast.walk(top)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                stem = base[: len(base) - (node.level - 1)]
                target = ".".join(stem + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [target] if node.module else [f"{target}.{a.name}" for a in node.names]
            out += [(node.lineno, n) for n in names]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
    return [(line, m) for line, m in out if m == "clickc" or m.startswith("clickc.")]


def sources() -> list[Path]:
    """Every Python source of the package, except the generated parser."""
    return sorted(p for d in ROOTS for p in (ROOT / d).rglob("*.py")
                  if "gen" not in p.relative_to(ROOT).parts)


def test_layer_table_covers_every_module() -> None:
    missing = [module_name(p) for p in sources() if layer_of(module_name(p)) is None]
    assert not missing, f"modules in no layer: {missing}"


def test_imports_point_down() -> None:
    wrong = []
    for path in sources():
        me = module_name(path)
        mine = layer_of(me)
        assert mine is not None
        for line, target in imports(path):
            theirs = layer_of(target)
            if theirs is not None and theirs > mine:
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {me} (layer {mine}) imports "
                             f"{target} (layer {theirs})")
    assert not wrong, "imports pointing up a layer:\n" + "\n".join(wrong)


def test_imports_at_module_level() -> None:
    """No clickc import hides inside a function: with dependencies pointing down there is no
    cycle to dodge, and a module's dependencies are read at its top."""
    hidden = []
    for path in sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and (
                        node.level or (node.module or "").startswith("clickc")):
                    hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}: {fn.name}")
                elif isinstance(node, ast.Import) and any(
                        a.name.startswith("clickc") for a in node.names):
                    hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}: {fn.name}")
    assert not hidden, "clickc imports inside functions:\n" + "\n".join(hidden)
