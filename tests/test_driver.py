"""The compile driver (compiler/driver.py): every command reads the configuration text once,
the one NAME=VALUE grammar, and the options' cache key (docs/architecture.md, "The driver")."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from clickc import driver
from clickc.cli import main
from clickc.commands import run as run_cmd
from clickc.driver import CompileOptions
from clickc.errors import ErrorHandler
from clickc.frontend.cmdline import parse_definition, parse_definitions

REPO = Path(__file__).resolve().parents[1]
#: Three parameters, so the run-time split probes three times.
CONFIG = """define($IN in.pcap, $N 5, $OUT out.pcap);
FromDump($IN, STOP true) -> c :: Counter -> Strip($N) -> ToDump($OUT);
"""


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the configuration texts the driver parses."""
    names: list[str] = []
    real = driver.read_config

    def counting(text: str, filename: str, errh: ErrorHandler, classes: Any = None) -> Any:
        names.append(filename)
        return real(text, filename, errh, classes)

    monkeypatch.setattr(driver, "read_config", counting)
    return names


@pytest.mark.parametrize("argv", [
    ["--emit", "c", "-o", "-"],
    ["--emit", "flat"],
    ["-j", "2", "--emit", "c", "-o", "-"],
])
def test_compile_parses_once(tmp_path: Path, reads: list[str], argv: list[str]) -> None:
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    assert main([str(cfg), "IN=x.pcap", *argv]) == 0
    assert reads == [str(cfg)]


@pytest.mark.parametrize("command", [["check"], ["flatten"], ["graph", "-o", "GRAPH"]])
def test_tools_parse_once(tmp_path: Path, reads: list[str], command: list[str]) -> None:
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    argv = [a.replace("GRAPH", str(tmp_path / "r.dot")) for a in command]
    assert main([*argv, str(cfg), "N=7"]) == 0
    assert reads == [str(cfg)]


def test_run_parses_once_and_shares(tmp_path: Path, reads: list[str],
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``clickc run`` reads the text once, builds one model, and gives a run-time parameter to
    the program (the C compiler is replaced: this is about the driver)."""
    built: list[str] = []

    def fake_build(c_text: str, output: Path, opts: Any) -> Path:
        built.append(c_text)
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text("")
        return output

    models: list[object] = []
    real_model = driver.model

    def counting_model(*a: Any, **k: Any) -> Any:
        models.append(a[0])
        return real_model(*a, **k)

    monkeypatch.setattr(run_cmd, "build", fake_build)
    monkeypatch.setattr(run_cmd, "model", counting_model)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    assert main(["run", str(cfg), "IN=a.pcap", "--print-program"]) == 0
    assert reads == [str(cfg)] and len(models) == 1 and len(built) == 1
    first = capsys.readouterr().out
    # another run-time value: another cache entry, the same program
    assert main(["run", str(cfg), "IN=b.pcap", "--print-program"]) == 0
    assert capsys.readouterr().out == first and len(built) == 1
    entries = list((tmp_path / "cache" / "clickc" / "entries").glob("*.json"))
    assert len(entries) == 2
    assert sorted(run_cmd._read_entry(e)[1] for e in entries  # type: ignore[index]
                  ) == [["IN=a.pcap"], ["IN=b.pcap"]]


def test_definition_grammar() -> None:
    """Click's: NAME of letters, digits and _, then =; VALUE the rest, possibly empty."""
    assert parse_definition("IN=a=b c") == ("IN", "a=b c")
    assert parse_definition("1X=") == ("1X", "")
    assert parse_definition("x_2=\n") == ("x_2", "\n")
    for word in ("=v", "$X=1", "A-B=1", "a.click", "X"):
        assert parse_definition(word) is None, word
    errh = ErrorHandler()
    assert parse_definitions(["A=1", "A=2"], errh) == {"A": "2"} and not errh.nerrors
    parse_definitions(["A=1", "A=2"], errh, duplicates=False)
    assert [str(d.message) for d in errh.diagnostics] == ["parameter 'A' multiply defined"]
    errh = ErrorHandler()
    parse_definitions(["r.click"], errh)
    assert [str(d.message) for d in errh.diagnostics] == [
        "'r.click' is not a parameter (expected NAME=VALUE)"]


def test_cache_key_follows_options() -> None:
    """Options that change the program change the key; where the output goes and what is
    printed do not (docs/cli.md, "clickc run")."""
    base = CompileOptions(params=(("B", "2"), ("A", "1")))
    assert base.key() == CompileOptions(params=(("A", "1"), ("B", "2"))).key()
    for change in ({"explain": True}, {"output": "x"}, {"dump_after": ("all",)},
                   {"build_jobs": 4}, {"emit": "c"}):
        assert dataclasses.replace(base, **change).key() == base.key(), change
    for change in ({"opt": 3}, {"threads": 2}, {"batch": 8}, {"passes": ()},
                   {"pass_options": ("cost=a:1",)}, {"adapt": ""}, {"cflags": ("-g",)},
                   {"params": (("A", "2"),)}, {"profile_use": ("p",)}):
        assert dataclasses.replace(base, **change).key() != base.key(), change
    assert set(base.build_key()) < set(base.key())


# -- Click's driver options and simulated time (issue 18; docs/cli.md, "Click's driver
#    options"; docs/runtime.md, "Simulated time") -------------------------------------------

#: Every timing element the simulated clock must make deterministic: a RatedSource through a
#: Queue, a Shaper and a BandwidthRatedUnqueue, a TimedSource, and a Script that waits.
SIMTIME_CONFIG = """\
rs :: RatedSource(DATA "0123456789abcdef0123456789abcdef01234567", RATE 10, LIMIT -1)
  -> Queue(1000) -> Shaper(5) -> BandwidthRatedUnqueue(400Bps) -> c1 :: Counter
  -> ToDump(one.pcap, SNAPLEN 0);
TimedSource(0.3s, "fedcba9876543210fedcba9876543210fedc") -> c2 :: Counter
  -> ToDump(two.pcap, SNAPLEN 0);
Script(wait 2.5s, print "t=$(now) $(c1.count) $(c2.count)", wait 1.5s,
       print "t=$(now) $(c1.count) $(c2.count)", write stop);
"""


def _program(tmp_path: Path, config: str, *options: str) -> Path:
    """The compiled program of ``config`` (``clickc run --print-program``: the cache)."""
    from tests.testlib import run_config

    r = run_config(tmp_path, config, *options, "--print-program")
    assert r.returncode == 0, r.stderr
    return Path(r.stdout.strip())


def _run(program: Path, cwd: Path, *args: str) -> tuple[int, str, str]:
    import subprocess

    r = subprocess.run([str(program), *args], capture_output=True, text=True, cwd=cwd,
                       timeout=120)
    return r.returncode, r.stdout, r.stderr


def test_simtime_is_deterministic(tmp_path: Path) -> None:
    """--simtime: the clock starts at Click's second 1000000000 and moves only when the
    driver moves it, so five runs at -j 1 and at -j 2 write the same bytes and print the same
    values; the rates hold in simulated seconds (10 packets/s less the Shaper's 5/s, 0.3 s
    ticks)."""
    outputs = set()
    for threads in ("1", "2"):
        program = _program(tmp_path, SIMTIME_CONFIG, "-j", threads)
        for _ in range(5):
            rc, out, err = _run(program, tmp_path, "--simtime", "-h", "c1.count",
                                "-h", "rs.count")
            assert rc == 0, err
            outputs.add((out, (tmp_path / "one.pcap").read_bytes(),
                         (tmp_path / "two.pcap").read_bytes()))
    assert len(outputs) == 1
    out = outputs.pop()[0]
    assert out.startswith("t=1000000002.500000 13 8\nt=1000000004.000000 21 13\n"), out
    assert "c1.count:\n21\n" in out and "rs.count:\n41\n" in out


def test_simtime_start(tmp_path: Path) -> None:
    """--simtime=START starts the clock at second START; a malformed START is refused."""
    program = _program(tmp_path, 'Script(wait 1.25s, print "$(now)", stop);')
    assert _run(program, tmp_path, "--simtime=5") == (0, "6.250000\n", "")
    rc, _, err = _run(program, tmp_path, "--simtime=soon")
    assert rc == 1 and "expected a start time in seconds" in err


#: Click's driver options (userlevel/click.cc's table), each as a command line that must be
#: accepted by ``clickc run`` with ``-q`` (the router is initialized, not run).
CLICK_OPTIONS = [
    ["-h", "c.count"], ["--handler", "c.count"], ["-x", "c.count"], ["--exit-handler=c.count"],
    ["-t"], ["--time"], ["-w"], ["--no-warnings"], ["--warnings"], ["-j", "1"],
    ["--threads", "1"], ["-a"], ["-a0"], ["--affinity"], ["--affinity=0"], ["--cpu"],
    ["--cpu=0"], ["--no-affinity"], ["--no-cpu"], ["--simtime"], ["--simtime=3"],
    ["--simulation-time"], ["--simulation-time=3.5"], ["-C", "/nonexistent"],
    ["--clickpath", "/nonexistent"], ["--dpdk", "-l", "0", "--"], ["-o", "-"],
    ["--output", "-"], ["--no-allow-reconfigure"],
]


@pytest.mark.parametrize("option", CLICK_OPTIONS, ids=" ".join)
def test_click_options_accepted(tmp_path: Path, option: list[str]) -> None:
    from tests.testlib import run_config

    r = run_config(tmp_path, "Idle -> c :: Counter -> Discard;\n", "-q", *option)
    assert r.returncode == 0, r.stderr
    assert "unrecognized" not in r.stderr


def test_click_option_refusals_and_output(tmp_path: Path) -> None:
    """-R builds a router with the hotconfig handler; -v prints the version; -qo- writes the
    flat configuration as Click's driver does (declarations in element order without line
    directives, a blank line, connections sorted by destination); -p/-u add Click's driver
    ControlSockets."""
    from tests.testlib import clickc, run_config

    config = ("elementclass Pair { input -> Counter -> output }\n"
              "src :: Idle -> p :: Pair -> Discard;\nIdle -> [0] p;\n")
    r = run_config(tmp_path, config, "-qo-", "-p", "41999", "-u", str(tmp_path / "s"))
    assert r.returncode == 0, r.stderr
    assert r.stdout == (
        "src :: Idle;\nDiscard@3 :: Discard;\nIdle@4 :: Idle;\np/Counter@1 :: Counter;\n"
        "click_driver@@ControlSocket :: ControlSocket(TCP, 41999);\n"
        f"click_driver@@ControlSocket@1 :: ControlSocket(UNIX, {tmp_path / 's'});\n\n"
        "src -> p/Counter@1\n    -> Discard@3;\nIdle@4 -> p/Counter@1;\n")
    r = clickc(tmp_path, "run", "-R", "-O0", "-q", "r.click")  # docs/reconfiguration.md
    assert r.returncode == 0, r.stderr
    r = clickc(tmp_path, "run", "-v")
    assert r.returncode == 0 and r.stdout.startswith("clickc ")


def test_compiled_router_refuses_with_reason(tmp_path: Path) -> None:
    """Options that change what is compiled are refused by a compiled program, with the
    reason; -j must name the compiled thread count."""
    program = _program(tmp_path, "Idle -> Discard;\n")
    for option, why in ((["-o", "x"], "clickc run -o"), (["-p", "1234"], "ControlSocket"),
                        (["-R"], "clickc run -R"), (["-f", "x.click"], "compiled into"),
                        (["-C", "/x"], "require(library"), (["-j", "2"], "compiled for 1")):
        rc, _, err = _run(program, tmp_path, *option)
        assert rc == 1 and why in err, (option, err)
    assert _run(program, tmp_path, "-q", "-j", "1", "-a1", "--simtime")[0] == 0


def test_run_parameters_before_the_configuration(tmp_path: Path) -> None:
    """As click: ``NAME=VALUE`` words may come before the configuration file (Click's
    test/standard/perf-01 runs ``click --simtime NUMPKTS=100000 CONFIG``)."""
    from tests.testlib import clickc, require_c_compiler

    require_c_compiler()
    (tmp_path / "r.click").write_text("define($N 1); Script(print $N, stop);\n")
    r = clickc(tmp_path, "run", "N=3", "r.click")
    assert (r.returncode, r.stdout) == (0, "3\n"), r.stderr


def test_tools_connection_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``clickc check --no-configure`` names a connection by the line click-check names: the
    line of the statement's first token, through the tools' line table, where a line after a
    ``//`` comment counts as the comment's line (Click's tools/lib/lexert.cc; conf/ip601.click
    and conf/test-tcp.click, issue 18)."""
    cfg = tmp_path / "lm.click"
    cfg.write_text("s :: TimedSource;\nu :: Unqueue -> Discard;\ns\t// the source\n  -> u;\n"
                   "// a comment line\ns2 :: TimedSource -> u2 :: Unqueue -> Discard;\n")
    assert main(["check", "--no-configure", str(cfg)]) == 1
    assert capsys.readouterr().err == (
        f"{cfg}:3: 's' push output 0 connected to 'u' pull input 0\n"
        f"{cfg}:5: 's2' push output 0 connected to 'u2' pull input 0\n")


# -- Click's checks run once per compile unless a pass changes the graph ----------------------

RECHECK_CONFIG = "src :: InfiniteSource(LIMIT 3) -> c :: Counter -> Discard;\n"


def _counting_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the driver's runs of Click's checks (``check_router``), one entry per run."""
    calls: list[int] = []
    real = driver.check_router

    def counting(graph: Any, errh: ErrorHandler, **kw: Any) -> bool:
        calls.append(len(graph))
        return real(graph, errh, **kw)

    monkeypatch.setattr(driver, "check_router", counting)
    return calls


def _with_passes(monkeypatch: pytest.MonkeyPatch, *passes: Any) -> None:
    from clickc.passes import manager

    reg = dict(manager.registry())
    for p in passes:
        reg[p.name] = p
    monkeypatch.setattr(manager, "_REGISTRY", reg)


def _add_counter(graph: Any, ctx: Any) -> None:
    # a valid change: Counter -> c2 :: Counter -> Discard
    from clickc.ir import Element

    (out,) = graph.outputs("c")
    graph.disconnect(out)
    graph.add_element(Element("c2", "Counter", ""))
    graph.connect("c", 0, "c2", 0)
    graph.connect("c2", 0, out.dst, out.dport)


def _bad_config(graph: Any, ctx: Any) -> None:
    graph.element("c").config = "NO_SUCH_ARGUMENT 1"


def _bad_connection(graph: Any, ctx: Any) -> None:
    from clickc.ir import Element

    graph.add_element(Element("extra", "Discard", ""))
    graph.connect("c", 0, "extra", 0)  # a second connection from a push output


@pytest.mark.parametrize("opt", [0, 1, 2, 3])
def test_checks_run_once_per_compile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     opt: int) -> None:
    """The -O pipelines' passes with ``recheck=True`` leave a one-thread router unchanged:
    Click's checks run once, before the passes, and the C is still generated."""
    calls = _counting_checks(monkeypatch)
    cfg = tmp_path / "a.click"
    cfg.write_text(RECHECK_CONFIG)
    assert "Counter" in driver.generate_c(cfg, CompileOptions(opt=opt))
    assert calls == [3]


def test_recheck_after_a_pass_that_changes_the_graph(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A pass that changes the graph is checked again (the added element gets its arguments
    and port kinds); one that changes nothing after it is not."""
    from clickc.passes import manager

    seen: list[Any] = []
    _with_passes(monkeypatch,
                 manager.Pass("add", "adds a Counter", _add_counter, recheck=True),
                 manager.Pass("noop", "changes nothing", lambda g, c: seen.append(g),
                              recheck=True))
    calls = _counting_checks(monkeypatch)
    cfg = tmp_path / "a.click"
    cfg.write_text(RECHECK_CONFIG)
    driver.router_model(cfg, CompileOptions(passes=("add", "noop", "noop")), ErrorHandler())
    assert calls == [3, 4]
    c2 = seen[-1].element("c2")
    assert c2.args is not None and c2.input_kinds == ["push"] and c2.output_kinds == ["push"]


@pytest.mark.parametrize("first,breaks", [
    (None, _bad_config),
    (None, _bad_connection),
    # the graph a pass without recheck broke is caught by the next pass with recheck, which
    # itself changes nothing: the checks compare with the graph they last saw
    ("noop", _bad_connection),
])
def test_broken_pass_still_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  first: str | None, breaks: Any) -> None:
    from clickc.errors import ClickError
    from clickc.passes import manager

    _with_passes(monkeypatch,
                 manager.Pass("breaks", "breaks the router", breaks, recheck=first is None),
                 manager.Pass("noop", "changes nothing", lambda g, c: None, recheck=True))
    cfg = tmp_path / "a.click"
    cfg.write_text(RECHECK_CONFIG)
    errh = ErrorHandler()
    names = ("breaks", "noop") if first is not None else ("breaks",)
    with pytest.raises(ClickError):
        driver.router_model(cfg, CompileOptions(passes=names), errh)
    text = "\n".join(str(d) for d in errh.diagnostics)
    culprit = "noop" if first is not None else "breaks"
    assert f"internal error: pass '{culprit}' produced an invalid router" in text


@pytest.mark.parametrize("opt", [0, 1, 2])
def test_checks_know_the_thread_count(opt: int) -> None:
    """Configuring an element may read the router's thread count (a rewriter's
    ``ELEM(router_threads)``, which decides whether it takes its table's lock): the checks run
    with ``-j``'s value at every -O level, not only when a pass made them run again."""
    c = driver.generate_c(REPO / "examples" / "nat.click", CompileOptions(opt=opt, threads=2))
    values = {line for line in c.splitlines() if "ELEM(router_threads) =" in line}
    assert values == {"enum { ELEM(router_threads) = 2 };"}
