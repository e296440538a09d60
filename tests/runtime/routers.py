"""Build and run small routers for runtime and element tests without the front end.

A router is described in Python (elements with parsed arguments and connections), rendered
by the backend (``clickc.backend``) from the real element specs and C templates, compiled
with the runtime under ``-Wall -Wextra -Werror`` and run.  Only the parts of the pipeline this
suite tests (runtime, element templates, backend rendering) are involved, so a failure points
at them and not at the parser.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clickc.backend.cc import BuildOptions, build_program
from clickc.backend.model import build_model
from clickc.backend.render import render_router
from clickc.elements import registry
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Element, RouterGraph

#: Flags for sanitizer builds (clang's AddressSanitizer and UndefinedBehaviorSanitizer).
SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer",
            "-fno-sanitize-recover=undefined"]


@dataclass
class E:
    """One element: flat name, class, parsed arguments (Click keyword -> Python value) and the
    names of the arguments given explicitly (None: every non-None value counts as given)."""

    name: str
    cls: str
    args: dict[str, Any] = field(default_factory=dict)
    config: str = ""
    inputs: list[str] | None = None   # "push"/"pull" per input, when known
    outputs: list[str] | None = None  # "push"/"pull" per output


def graph(elements: Sequence[E], connections: Sequence[tuple[str, int, str, int]]) -> RouterGraph:
    """A RouterGraph of ``elements`` connected by ``(src, sport, dst, dport)`` tuples."""
    g = RouterGraph()
    for i, e in enumerate(elements):
        el = Element(e.name, e.cls, e.config, Landmark("test.click", i + 1), index=i,
                     args=dict(e.args))
        if e.inputs is not None:
            el.input_kinds = list(e.inputs)
        if e.outputs is not None:
            el.output_kinds = list(e.outputs)
        el.facts.args_given = {k for k, v in e.args.items() if v is not None}
        g.add_element(el)
    for src, sport, dst, dport in connections:
        g.connect(src, sport, dst, dport)
    return g


_CACHE: Path | None = None


def object_cache_dir() -> Path:
    """One directory per test process for the backend's cache of compiled runtime objects (keyed
    by compiler, flags and sources), so each test router compiles only its own unit."""
    global _CACHE
    if _CACHE is None:
        _CACHE = Path(tempfile.mkdtemp(prefix="clickc-rt-objects-"))
        atexit.register(shutil.rmtree, _CACHE, True)
    return _CACHE


def build(g: RouterGraph, out: Path, *, cc: str = "clang", sanitize: bool = False,
          opt: int = 1) -> Path:
    """Render and compile ``g`` into the program ``out`` (with -Werror); returns ``out``."""
    errh = ErrorHandler()
    model = build_model(g, registry, errh, config_file="test.click", version="test")
    assert not errh, "\n".join(str(d) for d in errh.diagnostics)
    flags = ["-Werror"] + (SANITIZE if sanitize else [])
    build_program(render_router(model), out,
                  BuildOptions(cc=cc, opt=opt, extra_cflags=flags,
                               extra_ldflags=SANITIZE if sanitize else [],
                               cache_dir=object_cache_dir()))
    return out


def run(prog: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run a built router; sanitizer findings make it exit non-zero (halt_on_error)."""
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:abort_on_error=0:exitcode=99"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:exitcode=98"
    return subprocess.run([str(prog), *args], capture_output=True, text=True, timeout=timeout,
                          env=env)
