"""Acceptance: `clickc check` accepts or rejects Click's own conf/*.click as Click's checker does.

For every configuration in Click's source tree (``$CLICK_SRC/conf``) this runs Click's checker
for the userlevel driver (``$CLICK_PREFIX/bin/click-check -u FILE``, in the conf directory) and
clickc's checker restricted to what click-check checks (`clickc check --no-configure FILE`), and
requires the same verdict and the same error lines.

A file is compared when both checkers know all of its classes: click-check reports no unknown
class (its userlevel element map gives every class a processing code) and clickc has a spec for
every class.  Click's files are read in place, never copied; the test skips without Click.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from clickc.elements import registry
from clickc.errors import ErrorHandler

from tests import oracle

CONF = oracle.click_src("conf") or Path("conf")
CLICK_CHECK = oracle.click_tool("click-check") or Path("click-check")

pytestmark = pytest.mark.skipif(
    oracle.click_src("conf") is None or oracle.click_tool("click-check") is None,
    reason=oracle.skip_reason_src("conf") + "; " + oracle.skip_reason_tool("click-check"))


def _click_check(name: str) -> tuple[int, list[str]]:
    r = subprocess.run([str(CLICK_CHECK), "-u", name], cwd=CONF, capture_output=True,
                       text=True, timeout=60)
    lines = [x for x in r.stderr.splitlines() if not x.endswith("configuration OK in userlevel "
                                                                  "driver")]
    return r.returncode, lines


def _clickc_check(name: str) -> tuple[int, list[str], set[str] | None]:
    from clickc.driver import check_file

    old = os.getcwd()
    os.chdir(CONF)
    try:
        errh = ErrorHandler()
        g = check_file(name, {}, errh, configure=False)
    finally:
        os.chdir(old)
    lines = [str(d) for d in errh.diagnostics]
    if g is None:
        return 1, lines, None
    return (1 if errh.nerrors else 0), lines, {e.class_name for e in g.elements()}


def _conf_files() -> list[str]:
    return sorted(p.name for p in CONF.glob("*.click")) if CONF.is_dir() else []


# Differences we know and accept, each checked to still be exactly this difference (so a fix
# upstream shows up as a failure asking to remove the entry).
#  - click-check never reports reuse of a push output or pull input: its test compares a
#    connection with a port through their bool conversions (tools/lib/processingt.cc,
#    check_connections), so it is always false.  clickc reports the reuse, as Click's runtime
#    does; those lines are removed before comparing.
#  - LINE_ONLY: the same messages but a connection's line differs: Click's lexer gives a
#    connection the line of the element reference to the left of the arrow, clickc's front end
#    the line of the arrow (test-tcp.click: "out :: SetTCPChecksum" on line 23, "->" on 24).
#    test-toytcp.click: the anonymous ARPResponder on line 14, after a commented-out line 13:
#    click-check (the tools lexer) reports line 13, clickc check the line Click's driver
#    lexer gives the element, 14 (compiler/frontend landmarks, commit 5cb3aee).
#    ip601.click: "nds[0] //-> Print(...)" on line 65, "-> ToDevice(eth0);" on 66 (same rule as
#    test-tcp.click).
LINE_ONLY = {"ip601.click", "test-tcp.click", "test-toytcp.click"}


def _without_reuse(lines: list[str]) -> list[str]:
    out: list[str] = []
    skip_next = False
    for x in lines:
        if skip_next and x.endswith("previously used here"):
            skip_next = False
            continue
        skip_next = "illegal reuse of" in x
        if not skip_next:
            out.append(x)
    return out


def _strip_lines(lines: list[str]) -> list[str]:
    return [re.sub(r"^([^:]*):\d+:", r"\1:", x) for x in lines]


def test_conf_files_match_click_check() -> None:
    try:
        from clickc.frontend import parse_file  # type: ignore[attr-defined,unused-ignore]  # noqa: F401
    except ImportError:
        pytest.skip("clickc.frontend not available")
    compared: list[str] = []
    mismatches: list[str] = []
    for name in _conf_files():
        ref_status, ref_lines = _click_check(name)
        if any("unknown element class" in x for x in ref_lines):
            continue  # click-check cannot judge this file for the userlevel driver
        status, lines, classes = _clickc_check(name)
        if classes is None:
            if ref_status == 0:
                mismatches.append(f"{name}: clickc could not read it: {lines}")
            continue
        if any(registry.get(c) is None for c in classes):
            continue  # restricted to files whose classes clickc specifies
        compared.append(name)
        lines = _without_reuse(lines)
        if name in LINE_ONLY:
            if lines == ref_lines:
                mismatches.append(f"{name}: now identical; remove it from LINE_ONLY")
            ref_lines, lines = _strip_lines(ref_lines), _strip_lines(lines)
        if (status, lines) != (ref_status, ref_lines):
            mismatches.append(f"{name}: click-check {ref_status} {ref_lines}, "
                              f"clickc {status} {lines}")
    assert mismatches == []
    # the IP routers and the files Click's checker rejects are among those compared; the
    # latter use classes of Click's elements/local, which its checker knows only when Click
    # was configured with --enable-local (docs/testing.md)
    musts = ["fake-iprouter.click", "ipsec-router.click"]
    emap = oracle.elementmap()
    if emap is not None and 'name="TCPDemux"' in emap.read_text():
        musts += ["test-tcp.click", "test-toytcp.click"]
    for must in musts:
        assert must in compared, f"{must} was not compared"
    assert len(compared) >= 15
