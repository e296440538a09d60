"""Helpers of the whole-path tests (tests/passes/test_wholepath.py, test_shards.py): a
configuration checked into a RouterGraph, and flow-split run on it with pass options."""

from __future__ import annotations

from pathlib import Path

from clickc.driver import CompileOptions, check, optimize_graph, parse
from clickc.errors import ErrorHandler
from clickc.frontend.cmdline import Source
from clickc.ir import RouterGraph

ROOT = Path(__file__).resolve().parents[2]
#: The bundled capture ($IN of the tests' configurations).
CAPTURE = ROOT / "examples" / "iprouter-in.pcap"


def graph_of(tmp_path: Path, text: str) -> RouterGraph:
    """``text`` (a configuration reading $IN = :data:`CAPTURE`) parsed and checked."""
    f = tmp_path / "t.click"
    f.write_text(text)
    errh = ErrorHandler()
    return check(parse(Source(path=str(f)), {"IN": str(CAPTURE)}, errh), errh).graph


def run_split(g: RouterGraph, nthreads: int, **options: str) -> list[str]:
    """flow-split alone on ``g`` at ``nthreads`` threads with ``--pass-option`` settings
    ``options``; returns its ``--explain`` notes."""
    explain: list[str] = []
    optimize_graph(g, CompileOptions(threads=nthreads, passes=("flow-split",),
                                     pass_options=tuple(f"{k}={v}"
                                                        for k, v in options.items())),
                   ErrorHandler(), explain)
    return explain
