"""Where the C parts of an installed clickc live (runtime sources, element templates)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def package_dir(package: str) -> Path:
    """The directory of an importable ``clickc`` sub-package on disk.

    clickc ships its C runtime (``clickc.runtime``) and element templates (``clickc.elements``)
    as package data, so this works for an editable checkout and for an installed wheel alike.
    Raises RuntimeError if the package is not a plain directory (e.g. a zip import).
    """
    tr = resources.files(package)
    path = Path(str(tr))
    if not path.is_dir():
        raise RuntimeError(f"{package} is not installed as a directory ({path})")
    return path


def runtime_dir() -> Path:
    """The directory holding ``clickc.h`` and the runtime's ``*.c`` files."""
    return package_dir("clickc.runtime")


def elements_dir() -> Path:
    """The directory holding element specs and their C templates (``<group>/<class>.c``)."""
    return package_dir("clickc.elements")


def runtime_sources() -> list[Path]:
    """The runtime's C files, sorted by name (each compiled once and linked into a router)."""
    return sorted(runtime_dir().glob("*.c"))
