"""Backend tests on stand-in elements (tests/backend/standins.py): rendering, determinism,
push and pull paths, unconnected ports, handlers, --stats, and run-time parameters — built
and run for real with the runtime, under -Wall -Wextra -Werror."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from clickc.backend.cc import BuildOptions, build_program
from clickc.backend.model import RouterModel, build_model
from clickc.backend.params import classify, marker_for
from clickc.backend.render import render_router
from clickc.cformat import c_comment, c_ident, c_literal, c_string
from clickc.elements.cfacts import static_confs as _static_confs
from clickc.errors import ClickError, ErrorHandler, Landmark
from clickc.ir import Element, RouterGraph

from .standins import SPECS, StandinSpecs

COMPILERS = [c for c in ("clang", "gcc") if shutil.which(c)]


def _graph(pull: bool = False, limit: int = 7) -> RouterGraph:
    g = RouterGraph()
    lm = Landmark("t.click", 1)
    g.add_element(Element("src", "StandinSource", f"{limit}", lm,
                          args={"LIMIT": limit, "NAME": "in.pcap"}))
    if pull:
        g.add_element(Element("q", "StandinQueue", "100", Landmark("t.click", 2),
                              args={"CAPACITY": 100}))
        g.add_element(Element("c", "StandinCounter", "", Landmark("t.click", 3),
                              input_kinds=["pull"], output_kinds=["pull"]))
        g.add_element(Element("sink", "StandinPullSink", "", Landmark("t.click", 4)))
        g.connect("src", 0, "q", 0)
        g.connect("q", 0, "c", 0)
        g.connect("c", 0, "sink", 0)
    else:
        g.add_element(Element("c", "StandinCounter", "", Landmark("t.click", 2)))
        g.add_element(Element("d", "StandinSink", "", Landmark("t.click", 3)))
        g.connect("src", 0, "c", 0)
        g.connect("c", 0, "d", 0)
    return g


def _model(g: RouterGraph, tmp_path: Path) -> RouterModel:
    specs = StandinSpecs(tmp_path / "el")
    return build_model(g, specs, ErrorHandler(), config_file="t.click", version="0.0-test",
                       elements_root=tmp_path / "el")


def _build(model: RouterModel, tmp_path: Path, cc: str = "clang") -> Path:
    prog = tmp_path / f"router-{cc}"
    build_program(render_router(model), prog,
                  BuildOptions(cc=cc, opt=1, extra_cflags=["-Werror", f"-I{tmp_path / 'el'}"]))
    return prog


def test_c_spelling() -> None:
    assert c_string('a"b\\c\n') == '"a\\"b\\\\c\\n"'
    assert c_string("??=") == '"?\\?="'  # no trigraph
    assert c_string(b"\x00\xff1") == '"\\000\\3771"'
    assert c_comment("x /* y */ z\nw") == "x / * y * / z w"
    assert c_ident("byte_count") == "byte_count" and c_ident("a.b-c") == "a_b_c"
    assert c_literal(True) == "1" and c_literal(5) == "5"
    assert c_literal(2**40) == f"{2**40}ULL" and c_literal(-(2**40)) == f"{-(2**40)}LL"
    with pytest.raises(TypeError):
        c_literal([1, 2])


def test_render_is_deterministic_and_commented(tmp_path: Path) -> None:
    a = render_router(_model(_graph(), tmp_path))
    b = render_router(_model(_graph(), tmp_path))
    assert a == b
    assert "/* ==== c :: StandinCounter() t.click:2 ==== */" in a
    # every connection is a direct call of the downstream push
    assert "e1_push(0, p);" in a and "e2_push(0, p);" in a
    assert "#define e0_CONF_LIMIT 7" in a and "#define e0_CONF_GIVEN_LENGTH 0" in a


def test_generated_instance_code_precedes_the_include(tmp_path: Path) -> None:
    g = _graph()
    g.element("c").facts.c_code = "static int ELEM(answer)(void) { return 42; }\n"
    text = render_router(_model(g, tmp_path))
    code = text.index("static int ELEM(answer)(void) { return 42; }")
    assert text.index("#define ELEM(sym) e1_##sym") < code < text.index('standin/counter.c"')


def test_missing_c_implementation_is_an_error(tmp_path: Path) -> None:
    class NoC(StandinSpecs):
        def c_file(self, class_name: str) -> Path | None:
            return None if class_name == "StandinCounter" else super().c_file(class_name)

    errh = ErrorHandler()
    with pytest.raises(ClickError):
        build_model(_graph(), NoC(tmp_path), errh, config_file="t.click", version="x")
    assert [str(d) for d in errh.diagnostics] == [
        "t.click:2: element class 'StandinCounter' has no C implementation yet (element 'c')"]


@pytest.mark.parametrize("cc", COMPILERS)
def test_push_router_runs(tmp_path: Path, cc: str) -> None:
    prog = _build(_model(_graph(limit=21), tmp_path), tmp_path, cc)
    out = subprocess.run([str(prog), "-h", "c.count", f"--stats={tmp_path / 's.json'}"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "21"
    stats = json.loads((tmp_path / "s.json").read_text())
    byname = {e["name"]: e for e in stats["elements"]}
    assert byname["src"]["out"] == [21] and byname["c"]["in"] == [21]
    assert byname["d"]["in"] == [21]


def test_pull_router_runs(tmp_path: Path) -> None:
    model = _model(_graph(pull=True, limit=50), tmp_path)
    c = next(e for e in model.elements if e.name == "c")
    assert c.input_kinds == "l" and c.output_kinds == "l"
    text = render_router(model)
    assert "p = e1_pull(0);" in text and "p = e2_pull(0);" in text
    prog = _build(model, tmp_path)
    out = subprocess.run([str(prog), "-h", "c.count", "-h", "sink.count"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "50" in out.stdout and out.stdout.count("50") == 2


def test_unconnected_output_drops(tmp_path: Path) -> None:
    g = RouterGraph()
    g.add_element(Element("src", "StandinSource", "3", Landmark("t.click", 1),
                          args={"LIMIT": 3}))
    g.add_element(Element("d", "StandinSink", "", Landmark("t.click", 2)))
    g.connect("src", 1, "d", 0)  # output 0 unconnected; the source pushes to port 0
    prog = _build(_model(g, tmp_path), tmp_path)
    out = subprocess.run([str(prog), f"--stats={tmp_path / 's.json'}"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    stats = json.loads((tmp_path / "s.json").read_text())
    assert stats["elements"][0]["drops"] == 3


def test_static_conf_detection() -> None:
    text = (
        "static ck_packet *ELEM(ring)[CONF(CAPACITY)];\n"
        "#if CONF(DEBUG)\n#endif\n"
        "static int ELEM(x)(void)\n{\n    static int once = 0;\n    return CONF(LIMIT) + once;\n}\n"
    )
    assert _static_confs(text) == {"CAPACITY", "DEBUG"}


def _probe_graph(limit: str, name: str) -> RouterGraph:
    g = RouterGraph()
    g.add_element(Element("src", "StandinSource", f"{limit}, NAME dir/{name}.pcap",
                          Landmark("t.click", 1)))
    g.add_element(Element("d", "StandinSink", "", Landmark("t.click", 2)))
    g.connect("src", 0, "d", 0)
    return g


def test_runtime_parameters(tmp_path: Path) -> None:
    """LIMIT=$N (integer, whole argument) and NAME dir/$F.pcap (string with prefix/suffix)
    become run-time parameters; a parameter that changes the graph is compile-time."""
    g = _probe_graph("5", "in")
    for e in g.elements():
        if e.name == "src":
            e.args = {"LIMIT": 5, "NAME": "dir/in.pcap"}
    model = _model(g, tmp_path)

    def reparse(d: dict[str, str]) -> RouterGraph | None:
        if d.get("G") != "x":
            return RouterGraph()  # G changes the graph
        return _probe_graph(d["N"], d["F"])

    classify(model, g, {"N": "5", "F": "in", "G": "x", "U": "1"}, SPECS.__getitem__, reparse)
    by = {p.name: p for p in model.params}
    assert [b.kind for b in by["N"].bindings] == ["int"]
    assert [(b.prefix, b.suffix) for b in by["F"].bindings] == [("dir/", ".pcap")]
    assert not by["G"].bindings and "elements or connections" in by["G"].reason
    assert marker_for("N") != marker_for("F")
    prog = _build(model, tmp_path)
    ok = subprocess.run([str(prog), "N=9", f"--stats={tmp_path / 's.json'}"],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert json.loads((tmp_path / "s.json").read_text())["elements"][0]["out"] == [9]
    bad = subprocess.run([str(prog), "N=nine"], capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "not an integer" in bad.stderr
    fixed = subprocess.run([str(prog), "G=y"], capture_output=True, text=True, timeout=60)
    assert fixed.returncode != 0 and "recompile" in fixed.stderr
    same = subprocess.run([str(prog), "G=x", "U=2"], capture_output=True, text=True,
                          timeout=60)
    assert same.returncode == 0, same.stderr
    unknown = subprocess.run([str(prog), "ZZ=1"], capture_output=True, text=True, timeout=60)
    assert unknown.returncode != 0 and "no parameter ZZ" in unknown.stderr
