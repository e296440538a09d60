"""Acceptance (issue 19): every configuration in Click's conf/ that click-check accepts compiles
with ``clickc -O2``, unless Click's own userlevel driver rejects it with the same errors.

For each ``$CLICK_SRC/conf/**/*.click`` (read in place, in its own directory): when
``$CLICK_PREFIX/bin/click-check -u FILE`` accepts it, ``clickc -O2 FILE -o PROGRAM`` must build
the program; where it does not, Click's driver (``$CLICK_PREFIX/bin/click FILE``, stopped
after two seconds) must reject the file too, and ``clickc check FILE`` must print Click's error
lines (clickc's "did you mean" hints left out).  click-check does not look inside compound
classes a file never instantiates, so a file can pass it with classes no driver has
(wifi/srcr.click); Click's driver reads them and rejects the file.

Host-dependent files: at user level Click takes a network device's addresses where an address
is expected (``ICMPPingSource(eth0, ...)``), so its verdict depends on the host's devices;
clickc never reads the compiling host's devices (docs/config-arguments.md, AddressInfo names).
Such a file is compared with Click run with its device parameter naming no device
(:data:`NO_DEVICE`).  The list and the count are in docs/more-elements.md.  Skipped without
Click (tests/oracle.py).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests import oracle
from tests.testlib import clickc, require_c_compiler

CONF = oracle.click_src("conf")

#: conf file (relative to conf/) -> the define that names a device no host has.
NO_DEVICE = {"test-ping-userlevel.click": "DEV=clickcnodev0"}

#: Lines Click's driver prints about the host, not about the configuration.
_HOST_NOISE = re.compile(r"^Cannot find device ")

_HINT = re.compile(r" \(did you mean '[^']*'\?\)$")


def _files() -> list[pytest.ParameterSet]:
    if CONF is None:
        return [pytest.param(None, id="no-click",
                             marks=pytest.mark.skip(reason=oracle.skip_reason_src("conf")))]
    return [pytest.param(p, id=str(p.relative_to(CONF)))
            for p in sorted(CONF.glob("**/*.click"))]


def _click(click: Path, conf: Path, extra: list[str]) -> tuple[int, list[str]]:
    """Click's driver on ``conf``: (exit status, standard error lines); 0 when it is still
    running after two seconds (it configured the router)."""
    try:
        r = subprocess.run([str(click), conf.name, *extra], cwd=conf.parent, text=True,
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=2,
                           errors="replace")
    except subprocess.TimeoutExpired:
        return 0, []
    return r.returncode, [x for x in r.stderr.splitlines() if not _HOST_NOISE.match(x)]


@pytest.mark.parametrize("conf", _files())
def test_conf_compiles_unless_click_rejects_it(conf: Path, tmp_path: Path) -> None:
    """The file builds with -O2, or Click's driver and clickc reject it with the same errors."""
    assert CONF is not None
    check = oracle.require_click_tool("click-check")
    click = oracle.require_click_tool("click")
    r = subprocess.run([str(check), "-u", conf.name], cwd=conf.parent, capture_output=True,
                       text=True, timeout=60, errors="replace")
    if r.returncode != 0:
        pytest.skip("click-check rejects it: " + r.stderr.strip().splitlines()[0][:100])
    require_c_compiler()
    extra = [NO_DEVICE[k] for k in (str(conf.relative_to(CONF)),) if k in NO_DEVICE]
    if not extra:
        built = clickc(conf.parent, "-O2", conf.name, "-o", str(tmp_path / "router"))
        if built.returncode == 0:
            assert (tmp_path / "router").is_file()
            return
    status, theirs = _click(click, conf, extra)
    ours = clickc(conf.parent, "check", conf.name, *extra, timeout=120)
    assert status != 0, f"Click's driver runs it, clickc -O2 does not:\n{ours.stderr}"
    assert ours.returncode != 0
    assert [_HINT.sub("", x) for x in ours.stderr.splitlines()] == theirs
