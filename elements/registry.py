"""The element class registry: every ``ElementSpec`` of the ``clickc.elements`` package.

Specs are discovered, not listed: each module ``elements/<group>/<class name in lower case>.py``
defines ``SPEC = ElementSpec(...)`` (or ``SPECS = [...]``), where ``<group>`` is the directory of
Click's ``elements/`` tree the class comes from (``standard``, ``ip``, ``ethernet``, ...).  The C
implementation of a class is the file with the spec module's name and ``.c`` in the same
directory; it is found when it exists, so adding an element means adding one spec module and one
C file, nothing else.

Public functions: :func:`get`, :func:`class_names`, :func:`suggest`, :func:`c_file`,
:func:`all_specs`.  Discovery runs once per process (``functools.cache``).
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
import pkgutil
from functools import cache
from pathlib import Path

from . import spec as _spec
from .spec import ElementSpec

_PACKAGE_DIR = Path(__file__).resolve().parent


@dataclasses.dataclass(frozen=True)
class _Entry:
    spec: ElementSpec
    module_path: Path  # the spec module's file


class RegistryError(Exception):
    """A spec module is malformed (a bug in the package, not in a user's configuration)."""


def _check_spec(s: ElementSpec, where: str) -> None:
    """Validate a spec's notations; raises RegistryError naming ``where``."""
    try:
        s.port_ranges()
        s.input_processing(0)
        s.output_processing(0)
    except ValueError as e:
        raise RegistryError(f"{where}: {s.name}: {e}") from None
    if s.config not in ("args", "none", "custom"):
        raise RegistryError(f"{where}: {s.name}: bad config kind {s.config!r}")
    for a in s.args:
        if not _spec.arg_type_known(a.type):
            raise RegistryError(f"{where}: {s.name}: argument {a.name} has unknown type {a.type!r}")
    if s.schedulable not in _spec.SCHEDULABLE_KINDS:
        raise RegistryError(f"{where}: {s.name}: bad schedulable kind {s.schedulable!r}")
    if s.state not in _spec.STATE_KINDS:
        raise RegistryError(f"{where}: {s.name}: bad state kind {s.state!r}")
    for hook in ("custom_parser", "validate"):
        if getattr(s, hook) is not None and not callable(getattr(s, hook)):
            raise RegistryError(f"{where}: {s.name}: {hook} is not a function")


@cache
def _load() -> dict[str, _Entry]:
    """Import every spec module under the package; map class names and synonyms to entries."""
    table: dict[str, _Entry] = {}
    for group_info in sorted(pkgutil.iter_modules([str(_PACKAGE_DIR)]), key=lambda i: i.name):
        if not group_info.ispkg:
            continue
        group = group_info.name
        group_dir = _PACKAGE_DIR / group
        for info in sorted(pkgutil.iter_modules([str(group_dir)]), key=lambda i: i.name):
            if info.ispkg:
                continue
            mod = importlib.import_module(f"{__package__}.{group}.{info.name}")
            specs: list[ElementSpec] = []
            if hasattr(mod, "SPEC"):
                specs.append(mod.SPEC)
            specs.extend(getattr(mod, "SPECS", []))
            path = group_dir / f"{info.name}.py"
            for s in specs:
                if not isinstance(s, ElementSpec):
                    raise RegistryError(f"{path}: SPEC is not an ElementSpec")
                _check_spec(s, str(path))
                cf = path.with_suffix(".c")
                s = dataclasses.replace(
                    s, group=group,
                    c_file=s.c_file or (f"{group}/{cf.name}" if cf.exists() else None))
                for n in (s.name, *s.synonyms):
                    if n in table:
                        raise RegistryError(
                            f"{path}: class {n!r} already specified in {table[n].module_path}")
                    table[n] = _Entry(s, path)
    return table


def get(class_name: str) -> ElementSpec | None:
    """The spec of ``class_name`` (a class name or synonym, case-sensitive), or None."""
    e = _load().get(class_name)
    return e.spec if e is not None else None


def class_names() -> frozenset[str]:
    """Every class name and synonym the compiler knows."""
    return frozenset(_load())


def all_specs() -> list[ElementSpec]:
    """One spec per class (synonyms folded), sorted by class name."""
    seen: dict[str, ElementSpec] = {}
    for e in _load().values():
        seen.setdefault(e.spec.name, e.spec)
    return [seen[n] for n in sorted(seen)]


def suggest(name: str) -> str | None:
    """The known class name closest to ``name`` for a "did you mean" hint, or None.

    Case-insensitive exact matches win (``queue`` -> ``Queue``); otherwise difflib's ratio with
    cutoff 0.6 over all class names.
    """
    names = sorted(_load())
    lower = {n.lower(): n for n in names}
    if name.lower() in lower and lower[name.lower()] != name:
        return lower[name.lower()]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if close:
        return close[0]
    close = difflib.get_close_matches(name.lower(), list(lower), n=1, cutoff=0.6)
    return lower[close[0]] if close else None


def c_file(class_name: str) -> Path | None:
    """Absolute path of the C implementation of ``class_name``, or None when it has none yet.

    The C file is the spec module's path with ``.c`` instead of ``.py``.
    """
    e = _load().get(class_name)
    if e is None:
        return None
    p = e.module_path.with_suffix(".c")
    return p if p.exists() else None


def spec_module(class_name: str) -> Path | None:
    """Path of the spec module that defines ``class_name`` (None for an unknown class)."""
    e = _load().get(class_name)
    return e.module_path if e is not None else None
