"""Click's own regression suite run against clickc (issue 18; docs/cli.md, "Click's regression
suite").

Click's ``test/clicktest`` harness runs its ``.clicktest`` files with ``click``,
``click-flatten``, ``click-check`` and ``click-buildtool`` on PATH; here those are the wrapper
scripts in ``tests/clicktest/bin`` around ``clickc run``, ``clickc flatten`` and ``clickc
check --no-configure`` (``click-buildtool provides CLASS...`` answers whether clickc implements
the classes, so tests of the kernel module and of Click's unit-test elements that clickc does
not implement are skipped, as the issue's count excludes them).

Nothing is fetched: the test runs only when ``CLICK_SRC`` names a Click source tree (one with
``test/clicktest``) and ``perl`` is installed, and is skipped with that message otherwise.
Every test named in ``expected_pass.txt`` must pass; the counts are printed.  Run by hand::

    CLICK_SRC=/path/to/click python tests/clicktest/test_click_suite.py [FILES...]
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BIN = HERE / "bin"
#: The folders of Click's test/ the issue counts (tools/: only the lexer tests).
FOLDERS = ("standard", "ip", "ethernet", "icmp", "tcpudp", "IPRewriter", "analysis", "compound")
EXPECTED = HERE / "expected_pass.txt"
_RESULT = re.compile(r"^(\S+\.clicktest)(?::\d+)?: (Success!|requirement failure|.*)$")


def suite_files(src: Path) -> list[Path]:
    """The ``.clicktest`` files of the counted folders of the Click tree ``src``, sorted."""
    test = src / "test"
    files = [f for d in FOLDERS for f in (test / d).glob("*.clicktest")]
    files += list((test / "tools").glob("lexer-*.clicktest"))
    return sorted(files)


def run_suite(src: Path, files: list[Path], timeout: int = 180) -> dict[str, str]:
    """Run Click's harness on ``files`` (it makes its own scratch directories); returns each
    test's result, named relative to ``src`` (``test/standard/Script-01.clicktest``): ``pass``,
    ``skip`` (a requirement clickc does not meet) or ``fail``.  ``timeout``: seconds per test."""
    env = dict(os.environ, CLICKC_PYTHON=sys.executable)
    rel = [str(f.resolve().relative_to(src.resolve())) for f in files]
    r = subprocess.run(["perl", str(src / "test" / "clicktest"), "-V", "-t", str(timeout),
                        "-p", str(BIN), *rel], cwd=src, env=env, capture_output=True,
                       text=True, errors="replace")
    results = {name: "fail" for name in rel}
    for line in (r.stdout + r.stderr).splitlines():
        m = _RESULT.match(line)
        if m and m.group(1) in results:
            if m.group(2) == "Success!":
                results[m.group(1)] = "pass"
            elif m.group(2).startswith("requirement failure"):
                results[m.group(1)] = "skip"
    return results


def expected_passes() -> list[str]:
    """The tests that must pass (``expected_pass.txt``: one name a line, ``#`` comments)."""
    lines = EXPECTED.read_text().splitlines() if EXPECTED.is_file() else []
    return [s.strip() for s in lines if s.strip() and not s.startswith("#")]


def _click_src() -> Path:
    src = os.environ.get("CLICK_SRC")
    if not src:
        pytest.skip("Click's regression suite: set CLICK_SRC to a Click source tree "
                    "(with test/clicktest) to run it; nothing is fetched")
    path = Path(src)
    if not (path / "test" / "clicktest").is_file():
        pytest.skip(f"CLICK_SRC={src} has no test/clicktest")
    if shutil.which("perl") is None:
        pytest.skip("Click's regression suite needs perl")
    return path


def test_click_regression_suite() -> None:
    src = _click_src()
    results = run_suite(src, suite_files(src))
    counts = {k: sum(1 for v in results.values() if v == k) for k in ("pass", "fail", "skip")}
    print(f"Click's suite with clickc: {counts['pass']} passed, {counts['fail']} failed, "
          f"{counts['skip']} skipped of {len(results)}")
    regressed = [t for t in expected_passes() if results.get(t) != "pass"]
    assert not regressed, f"no longer pass: {regressed}"


if __name__ == "__main__":
    src_dir = Path(os.environ.get("CLICK_SRC", ""))
    if not (src_dir / "test" / "clicktest").is_file():
        sys.exit("set CLICK_SRC to a Click source tree (with test/clicktest)")
    chosen = [Path(a) for a in sys.argv[1:]] or suite_files(src_dir)
    res = run_suite(src_dir, chosen)
    for name, verdict in sorted(res.items()):
        print(f"{verdict:4} {name}")
    print({k: sum(1 for v in res.values() if v == k) for k in ("pass", "fail", "skip")})
