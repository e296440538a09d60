"""Build routers with a hand-made thread placement (tests of the multi-core runtime).

``build(config_text, placement, rings, nthreads, out)`` compiles a configuration with a tiny
test pass that sets ``Element.facts.thread`` from ``placement`` (element name -> thread) and
``Element.facts.ring``/``.producers`` from ``rings`` (element name -> (kind, producers)),
the attributes the placement pass of issue 6 sets; it does not depend on that pass.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from clickc.backend.cc import BuildOptions, build_program
from clickc.driver import CompileOptions, generate_c
from clickc.errors import ErrorHandler
from clickc.passes import manager

from tests.runtime.routers import object_cache_dir

TEST_PASS = "test-place-threads"


def build(config_text: str, placement: dict[str, int], rings: dict[str, tuple[str, int]],
          nthreads: int, out: Path, *, opt: int = 2, extra_cflags: list[str] | None = None,
          extra_ldflags: list[str] | None = None, cc: str | None = None) -> Path:
    """Compile ``config_text`` to the program ``out`` with the given placement; returns ``out``.
    Raises ClickError / CompileError as clickc does."""

    def place(graph: Any, ctx: Any) -> None:
        del ctx
        for e in graph.elements():
            if e.name in placement:
                e.facts.thread = placement[e.name]
            if e.name in rings:
                kind, producers = rings[e.name]
                e.facts.ring = kind
                e.facts.producers = producers

    reg = manager.registry()
    reg[TEST_PASS] = manager.Pass(TEST_PASS, "tests: fixed thread placement", place)
    try:
        config = out.with_suffix(".click")
        config.write_text(config_text)
        errh = ErrorHandler()
        options = CompileOptions(opt=opt, threads=nthreads, passes=(TEST_PASS,),
                                 display_name=config.name)
        c = generate_c(config, options, errh)
        out.with_suffix(".c").write_text(c)
        # The runtime's objects come from the test process's object cache (keyed by compiler,
        # flags and sources; tests/runtime/routers.py): each router compiles its own unit only.
        build_program(c, out, BuildOptions(cc=cc, opt=opt, extra_cflags=extra_cflags or [],
                                           extra_ldflags=extra_ldflags or [],
                                           cache_dir=object_cache_dir()))
    finally:
        reg.pop(TEST_PASS, None)
    return out
