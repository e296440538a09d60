"""The element class registry: every ``ElementSpec`` of the ``clickc.elements`` package.

Specs are discovered, not listed: each module ``elements/<group>/<class name in lower case>.py``
defines ``SPEC = ElementSpec(...)`` (or ``SPECS = [...]``), where ``<group>`` is the directory of
Click's ``elements/`` tree the class comes from (``standard``, ``ip``, ``ethernet``, ...).  The C
implementation of a class is the file with the spec module's name and ``.c`` in the same
directory; it is found when it exists, so adding an element means adding one spec module and one
C file, nothing else.

A spec whose ``doc`` is empty (in the package or a ``CLICKC_ELEMENT_PATH`` directory) gets
its one-line description from the spec module's docstring: the docstring's first paragraph
reads ``<class name>: <description>``, and the description (whitespace folded to single
spaces) becomes ``doc`` (:func:`module_summary`), so the description is stated once.  A
module whose docstring does not start with the class name (several classes in one module)
states ``doc`` in the spec.

Extra element directories: ``CLICKC_ELEMENT_PATH`` (colon-separated directories, read once
per process) adds classes laid out the same way, ``<dir>/<group>/<class>.py`` with its
``<class>.c`` beside it (docs/adding-an-element.md).  Their spec modules are imported by file
path; a class name already known is an error.

The C file is checked against the spec once, the first time a class's C facts are asked
(:func:`c_facts`; the backend and the passes ask for the classes a configuration uses,
:func:`check_all` checks every class): the functions the spec implies (``run_task`` for a
task, ``read_X``/``write_X`` for each handler) must be defined, and the C file must define no
handler function the spec does not declare; a class whose state needs protection names a
policy that lets several threads run it (``ElementSpec.concurrency``) exactly when its C file
tests ``ELEMENT_NTHREADS`` (docs/concurrency.md).  A mismatch is a RegistryError.

Public functions: :func:`get`, :func:`class_names`, :func:`suggest`, :func:`c_file`,
:func:`all_specs`, :func:`c_facts`, :func:`check_all`, :func:`click_traits`,
:func:`module_summary`.  Discovery runs once per process (``functools.cache``).
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import importlib
import importlib.util
import os
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Protocol

from clickc.cformat import c_ident

from . import spec as _spec
from .cfacts import CFacts, scan
from .foreign import FOREIGN
from .spec import ElementSpec

_PACKAGE_DIR = Path(__file__).resolve().parent

#: The environment variable naming extra element directories (colon-separated).
PATH_VARIABLE = "CLICKC_ELEMENT_PATH"

#: Schedulable kinds whose C file must define ``run_task`` (a ``timer`` arms its timers in
#: ``init``).
TASK_KINDS = ("source", "pull-sink", "unqueue")


class SpecSource(Protocol):
    """Where the passes and the backend get element facts: this module itself (the default;
    a module satisfies the protocol) or a stand-in with the same three functions (tests)."""

    def get(self, class_name: str) -> ElementSpec | None:
        """The spec of ``class_name`` (a class name or synonym), or None."""

    def c_file(self, class_name: str) -> Path | None:
        """The C implementation of ``class_name``, or None."""

    def c_facts(self, class_name: str) -> CFacts | None:
        """What the C file of ``class_name`` defines, checked against its spec, or None."""


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
    _check_concurrency(s, where)
    if s.ip_header not in _spec.IP_HEADER_KINDS:
        raise RegistryError(f"{where}: {s.name}: bad ip_header kind {s.ip_header!r}")
    if s.removable_inputs not in _spec.REMOVABLE_INPUT_KINDS:
        raise RegistryError(f"{where}: {s.name}: bad removable_inputs {s.removable_inputs!r}")
    for hook in ("custom_parser", "validate"):
        if getattr(s, hook) is not None and not callable(getattr(s, hook)):
            raise RegistryError(f"{where}: {s.name}: {hook} is not a function")
    try:
        s.click_flag("S")
        s.click_flag("L")
    except ValueError as e:
        raise RegistryError(f"{where}: {s.name}: {e}") from None


def _check_concurrency(s: ElementSpec, where: str) -> None:
    """The concurrency trait is a known policy, given where the state kind needs one, and a
    note comes with a policy (docs/concurrency.md); raises RegistryError naming ``where``."""
    if s.concurrency is not None and s.concurrency not in _spec.CONCURRENCY_POLICIES:
        raise RegistryError(f"{where}: {s.name}: bad concurrency policy {s.concurrency!r} "
                            f"(one of {', '.join(_spec.CONCURRENCY_POLICIES)})")
    if s.concurrency is not None and s.state in _spec.SAFE_STATES:
        raise RegistryError(f"{where}: {s.name}: state '{s.state}' needs no concurrency "
                            f"policy, but the spec names '{s.concurrency}'")
    if s.concurrency_note and s.concurrency is None:
        raise RegistryError(f"{where}: {s.name}: a concurrency_note without a concurrency "
                            f"policy")


def check_c(s: ElementSpec, facts: CFacts, where: str) -> None:
    """Check spec ``s`` against the facts of its C file; raises RegistryError naming
    ``where`` at the first mismatch (see the module doc)."""
    def fail(msg: str) -> None:
        raise RegistryError(f"{where}: {s.name}: {msg}")

    if s.schedulable in TASK_KINDS and not facts.defines("run_task"):
        fail(f"a {s.schedulable} task, but the C file defines no ELEM(run_task)")
    if s.schedulable is None and facts.defines("run_task"):
        fail("the C file defines ELEM(run_task) but the spec is not schedulable")
    if s.schedulable == "timer" and not facts.defines("init"):
        fail("a timer element, but the C file defines no ELEM(init) to arm it")
    declared: set[str] = set()
    for h in s.handlers:
        for kind, wanted in (("read", h.read), ("write", h.write)):
            fn = f"{kind}_{c_ident(h.name)}"
            if not wanted:
                continue
            declared.add(fn)
            if kind not in h.c_missing and fn not in facts.handlers:
                fail(f"handler '{h.name}' is declared {kind}able but the C file defines no "
                     f"ELEM({fn}) with a handler's signature (docs/c-interface.md)")
            if kind in h.c_missing and facts.defines(fn):
                fail(f"handler '{h.name}' has c_missing {kind} but the C file defines "
                     f"ELEM({fn})")
    for fn in s.c_helpers:
        if fn not in facts.handlers:
            fail(f"c_helpers names ELEM({fn}), which the C file does not define as a handler")
    extra = sorted(facts.handlers - declared - set(s.c_helpers))
    if extra:
        fail(f"the C file defines handler function{'s' if len(extra) > 1 else ''} "
             f"{', '.join(f'ELEM({x})' for x in extra)} the spec does not declare "
             f"(declare the handler, or list a helper in c_helpers)")
    if s.state not in _spec.SAFE_STATES:
        sharing = s.concurrency in _spec.SHARING_POLICIES
        if sharing and not facts.threads_aware:
            fail(f"concurrency '{s.concurrency}' lets several threads run it, but the C file "
                 f"never tests ELEMENT_NTHREADS (docs/concurrency.md)")
        if facts.threads_aware and not sharing:
            fail(f"the C file tests ELEMENT_NTHREADS, but the spec's state '{s.state}' names "
                 f"no concurrency policy that lets several threads run it "
                 f"({', '.join(_spec.SHARING_POLICIES)}; docs/concurrency.md)")
    if facts.shares_state and s.state != "readonly":
        fail(f"the C file lets replicas share state (ELEMENT_STATE_OF), but the spec's state is "
             f"'{s.state}', not 'readonly' (docs/c-interface.md)")
    if isinstance(s.reads_timestamp, bool) and s.reads_timestamp != facts.reads_timestamp:
        fail(f"reads_timestamp={s.reads_timestamp} but the C file "
             f"{'reads' if facts.reads_timestamp else 'does not read'} ts_ns")


def _import_builtin(group: str, name: str) -> ModuleType:
    return importlib.import_module(f"{__package__}.{group}.{name}")


def _import_file(path: Path) -> ModuleType:
    """Import the spec module at ``path`` under a private module name."""
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:12]
    name = f"clickc_element_path_{digest}_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise RegistryError(f"{path}: cannot import spec module")
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as e:  # a user's spec module: report which one failed
        raise RegistryError(f"{path}: cannot import spec module: {e}") from e
    return mod


def module_summary(module_doc: str | None, class_name: str) -> str:
    """The one-line description of ``class_name`` a spec module's docstring states: its first
    paragraph (up to the first blank line) with whitespace folded to single spaces, after the
    prefix ``"<class_name>: "``; empty when the docstring is missing or does not start so."""
    if not module_doc:
        return ""
    first = " ".join(module_doc.strip().split("\n\n", 1)[0].split())
    prefix = f"{class_name}: "
    return first[len(prefix):] if first.startswith(prefix) else ""


def _modules(root: Path, builtin: bool) -> list[tuple[str, str]]:
    """``(group, module name)`` of every spec module under ``root/<group>/``, sorted: the
    package's subpackages, or any subdirectory of an extra directory (no ``__init__.py``
    needed); names starting with ``_`` are skipped."""
    out: list[tuple[str, str]] = []
    if builtin:
        for g in pkgutil.iter_modules([str(root)]):
            if g.ispkg:
                out.extend((g.name, m.name) for m in pkgutil.iter_modules([str(root / g.name)])
                           if not m.ispkg)
    else:
        for d in root.iterdir():
            if d.is_dir() and not d.name.startswith((".", "_")):
                out.extend((d.name, f.stem) for f in d.glob("*.py")
                           if not f.name.startswith("_"))
    return sorted(out)


def _scan_dir(root: Path, builtin: bool, table: dict[str, _Entry]) -> None:
    """Add every spec module under ``root/<group>/`` to ``table``."""
    for group, name in _modules(root, builtin):
        path = root / group / f"{name}.py"
        mod = _import_builtin(group, name) if builtin else _import_file(path)
        specs: list[ElementSpec] = []
        if hasattr(mod, "SPEC"):
            specs.append(mod.SPEC)
        specs.extend(getattr(mod, "SPECS", []))
        for s in specs:
            if not isinstance(s, ElementSpec):
                raise RegistryError(f"{path}: SPEC is not an ElementSpec")
            _check_spec(s, str(path))
            cf = path.with_suffix(".c")
            if s.c_file is None and cf.exists():
                c_name: str | None = f"{group}/{cf.name}" if builtin else str(cf)
            else:
                c_name = s.c_file
            doc = s.doc or module_summary(mod.__doc__, s.name)
            s = dataclasses.replace(s, group=group, c_file=c_name, doc=doc)
            for n in (s.name, *s.synonyms):
                if n in table:
                    raise RegistryError(
                        f"{path}: class {n!r} already specified in {table[n].module_path}")
                table[n] = _Entry(s, path)


def element_path() -> list[Path]:
    """The extra element directories ``CLICKC_ELEMENT_PATH`` names (empty entries skipped).
    Raises RegistryError for an entry that is not a directory."""
    out: list[Path] = []
    for part in os.environ.get(PATH_VARIABLE, "").split(os.pathsep):
        if not part:
            continue
        p = Path(part).resolve()
        if not p.is_dir():
            raise RegistryError(f"{PATH_VARIABLE}: {part}: not a directory")
        out.append(p)
    return out


@cache
def _load() -> dict[str, _Entry]:
    """Import every spec module of the package, then of the ``CLICKC_ELEMENT_PATH``
    directories; map class names and synonyms to entries."""
    table: dict[str, _Entry] = {}
    _scan_dir(_PACKAGE_DIR, True, table)
    for d in element_path():
        _scan_dir(d, False, table)
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


@cache
def c_facts(class_name: str) -> CFacts | None:
    """What the C file of ``class_name`` defines (clickc.elements.cfacts), checked against its
    spec the first time it is asked; None for an unknown class or one without a C file.
    Raises RegistryError when the C file and the spec disagree (see the module doc)."""
    e = _load().get(class_name)
    path = c_file(class_name)
    if e is None or path is None:
        return None
    facts = scan(path)
    check_c(e.spec, facts, str(path))
    return facts


def check_all() -> int:
    """Check every class with a C file against its spec (:func:`c_facts`); returns how many
    were checked.  Raises RegistryError at the first mismatch."""
    n = 0
    for s in all_specs():
        if c_facts(s.name) is not None:
            n += 1
    return n


def reads_timestamp(spec: ElementSpec, e: _spec.Configured) -> bool:
    """Whether instance ``e`` of ``spec``'s class can read a packet's timestamp annotation:
    the spec's ``reads_timestamp`` (a rule applied to ``e``), else its C file's fact; a class
    whose C file cannot be read counts as a reader."""
    r = spec.reads_timestamp
    if r is not None:
        return r if isinstance(r, bool) else r(e)
    facts = c_facts(spec.name)
    return True if facts is None else facts.reads_timestamp


def click_traits(class_name: str) -> ElementSpec | None:
    """The traits Click's tools know for ``class_name``: its spec, or for a Click class clickc
    does not compile, the stand-in of clickc.elements.foreign; None for any other name."""
    return get(class_name) or FOREIGN.get(class_name)


def spec_module(class_name: str) -> Path | None:
    """Path of the spec module that defines ``class_name`` (None for an unknown class)."""
    e = _load().get(class_name)
    return e.module_path if e is not None else None
