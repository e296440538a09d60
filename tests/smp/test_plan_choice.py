"""Plans that never lose (issue 23), checked on the plan choice, not on timings.

Every example is built at -j 1 with ``--profile-generate`` (``-O1``: the profile does not
depend on the C optimization) and run on its short bundled capture (examples/iprouter-in.pcap);
then its -O2 -j 2 plan is made with that profile, and the plan's busiest thread, priced by the
placement's rate-aware model (passes/placement.py ``workload``: measured costs, packet rates
and replica shares) with the calibrated transfer (passes/costmodel.py), must be at most 5%
above the -j 1 plan's work, on the nominal machine and on a slow one (a 400 ns cross-CPU round
trip, the project VM's slow minutes).  The same check runs on the estimates alone (no
profile) for bench/configs/forward.click.  Speed itself is measured in bench/
(docs/passes.md, "The calibrated cost model")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from clickc.driver import CompileOptions, check, optimize_graph, parse
from clickc.elements import registry
from clickc.errors import ClickError, ErrorHandler
from clickc.frontend.cmdline import Source
from clickc.passes import machine
from clickc.passes.costmodel import calibrated_transfer
from clickc.passes.manager import PassContext
from clickc.passes.placement import predicted_loads, workload
from clickc.passes.profile import Profile, load_profile
from clickc.passes.threads import analyze

ROOT = Path(__file__).resolve().parents[2]
CAPTURE = ROOT / "examples" / "iprouter-in.pcap"
#: Examples that read the bundled capture by default ($IN); nat.click needs a capture of its own.
EXAMPLES = sorted(p for p in ROOT.glob("examples/*.click")
                  if "iprouter-in.pcap" in p.read_text(encoding="utf-8"))
MACHINES = ["nominal", "400"]


def predicted(config: Path, nthreads: int, profile: Profile | None,
              params: dict[str, str]) -> float:
    """Busiest thread of the -O2 ``nthreads`` plan in cycles per packet entering the router,
    transfers at the calibrated price."""
    errh = ErrorHandler()
    g = check(parse(Source(path=str(config)), params, errh), errh).graph
    errh2 = ErrorHandler()
    optimize_graph(g, CompileOptions(opt=2, threads=nthreads), errh2, [], profile=profile)
    if errh2.nerrors:
        raise ClickError(errh2)
    ctx = PassContext(registry=registry, errh=ErrorHandler(), nthreads=nthreads,
                      profile=profile)
    an = analyze(g, registry)
    wl = workload(g, ctx, an)
    place = {t: g.element(t).facts.thread or 0 for t in an.tasks}
    cal, _ = calibrated_transfer()
    return max(predicted_loads(wl, place, nthreads, cal))


@pytest.fixture(scope="module")
def profiles(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Profile]:
    """example name -> its -j 1 profile on the bundled capture."""
    out: dict[str, Profile] = {}
    for config in EXAMPLES:
        work = tmp_path_factory.mktemp(config.stem)
        prof, prog = work / "r.prof", work / "r"
        r = subprocess.run([sys.executable, "-m", "clickc", "-O1", "-j", "1",
                            f"--profile-generate={prof}", str(config), f"IN={CAPTURE}",
                            "-o", str(prog)], capture_output=True, text=True, cwd=work,
                           timeout=900)
        assert r.returncode == 0, r.stderr[-3000:]
        r = subprocess.run([str(prog)], capture_output=True, text=True, cwd=work, timeout=300)
        assert r.returncode == 0, (config.name, r.stderr[-3000:])
        out[config.stem] = load_profile(prof)
    return out


@pytest.mark.parametrize("round_trip", MACHINES)
@pytest.mark.parametrize("config", EXAMPLES, ids=[c.stem for c in EXAMPLES])
def test_profiled_plan_never_predicted_slower(config: Path, round_trip: str,
                                             profiles: dict[str, Profile],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLICKC_MACHINE", round_trip)
    machine._MEMO.clear()
    prof = profiles[config.stem]
    params = {"IN": str(CAPTURE)}
    one = predicted(config, 1, prof, params)
    two = predicted(config, 2, prof, params)
    assert two <= one * 1.05, (config.name, one, two)


@pytest.mark.parametrize("round_trip", MACHINES)
def test_estimated_plan_never_predicted_slower(round_trip: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLICKC_MACHINE", round_trip)
    machine._MEMO.clear()
    config = ROOT / "bench" / "configs" / "forward.click"
    one = predicted(config, 1, None, {})
    two = predicted(config, 2, None, {})
    assert two <= one * 1.05, (one, two)
