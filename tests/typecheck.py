"""mypy --strict over the whole ``clickc`` package, as the installed package is laid out.

The import package ``clickc`` is assembled by setup.py from several top-level directories
(compiler/ is ``clickc``, passes/ ``clickc.passes``, elements/ ``clickc.elements``, grammar/
``clickc.grammar``, runtime/ ``clickc.runtime``).  mypy cannot follow setuptools' editable-install
import hook, so this module builds the same tree out of symbolic links (a "link farm") in a
scratch directory and runs mypy on the package ``clickc`` there: every ``clickc.*`` import
resolves to the real source, with no ``ignore_missing_imports`` for clickc.

Run from anywhere: ``python3 tests/typecheck.py`` (``make test`` does); exit status is mypy's.
The settings are pyproject.toml's ``[tool.mypy]``.  tests/test_typecheck.py uses
:func:`run_mypy` to check, with ``reveal_type``, that passes see real types.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Sub-packages of ``clickc`` that live in top-level directories of their own (setup.py's ROOTS).
SUBPACKAGES = ("passes", "elements", "grammar", "runtime")


def link_farm(dest: Path, root: Path = ROOT) -> Path:
    """Build ``dest/clickc`` as links into ``root``: every entry of compiler/ plus one link per
    directory of :data:`SUBPACKAGES`.  Returns ``dest``.  Raises FileExistsError when
    ``dest/clickc`` exists."""
    pkg = dest / "clickc"
    pkg.mkdir(parents=True)
    for entry in sorted((root / "compiler").iterdir()):
        if entry.name != "__pycache__":
            (pkg / entry.name).symlink_to(entry)
    for sub in SUBPACKAGES:
        (pkg / sub).symlink_to(root / sub)
    return dest


def run_mypy(files: tuple[Path, ...] = (),
             root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """mypy (pyproject.toml's settings) in a fresh link farm, on the package ``clickc`` or, when
    ``files`` are given, on them (with every clickc module they import); mypy's cache stays in
    ``root/.mypy_cache``.  Returns the finished process (its stdout holds mypy's report)."""
    with tempfile.TemporaryDirectory(prefix="clickc-typecheck-") as tmp:
        farm = link_farm(Path(tmp), root)
        cmd = [sys.executable, "-m", "mypy", "--config-file", str(root / "pyproject.toml"),
               "--cache-dir", str(root / ".mypy_cache"),
               *([str(f) for f in files] if files else ["-p", "clickc"])]
        return subprocess.run(cmd, cwd=farm, capture_output=True, text=True, check=False)


def main() -> int:
    """Type-check the package; print mypy's report; return its exit status."""
    p = run_mypy()
    sys.stdout.write(p.stdout)
    sys.stderr.write(p.stderr)
    return p.returncode


if __name__ == "__main__":
    raise SystemExit(main())
