"""Click's own lexer tests (test/tools/lexer-*.clicktest, testie format) run against clickc.

Each test's %file sections are written to a temporary directory and its %script is replayed:
``click-flatten ARGS`` runs ``clickc flatten ARGS``; ``click -qo- FILE`` (the driver printing
its flattened router) and ``click FILE`` (whose only expected output here is parse errors) are
run as ``clickc flatten`` too.  Outputs piped through the script's ``fix`` function are joined
and sorted the same way; %expect sections are compared with testie's rules (``{{regex}}``
patterns, %ignorex lines, ``-w`` whitespace-insensitive).  lexer-03 (push/pull checks of the
driver) and lexer-08 (run-time Message output) need more than a front end; lexer-08's point --
landmarks through a ``#`` line directive inside a configuration string -- is checked directly.
Read from ``$CLICK_SRC`` (tests/oracle.py); skipped where absent.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from clickc.frontend import parse_file

from tests import oracle

from .helpers import CLICK_SRC, run_clickc

TESTS = sorted((CLICK_SRC / "test" / "tools").glob("lexer-*.clicktest")) \
    if CLICK_SRC is not None and (CLICK_SRC / "test" / "tools").is_dir() else []
NOT_FRONTEND = {"lexer-03", "lexer-08"}


def parse_testie(text: str) -> tuple[list[str], dict[str, str], list[tuple[list[str], bool, str]],
                                     list[str]]:
    """(script lines, files, expects [(names, -w, text)], ignorex patterns)."""
    script: list[str] = []
    files: dict[str, str] = {}
    expects: list[tuple[list[str], bool, str]] = []
    ignorex: list[str] = []
    cur: list[str] | None = None
    sections: list[tuple[str, list[str], list[str]]] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("%") and not line.startswith("%%"):
            words = line.split()
            cur = []
            sections.append((words[0], words[1:], cur))
        elif cur is not None:
            cur.append(line)
    for kind, args, body in sections:
        if kind == "%script":
            script = body
        elif kind == "%file":
            files[args[-1]] = "".join(body)
        elif kind == "%expect":
            w = "-w" in args
            expects.append(([a for a in args if not a.startswith("-")], w, "".join(body)))
        elif kind == "%ignorex":
            ignorex += [b.strip() for b in body if b.strip()]
    return script, files, expects, ignorex


def commands(script: list[str]) -> list[list[str]]:
    """Shell words of each command line (quoted newlines joined), outside function bodies."""
    out: list[list[str]] = []
    buf = ""
    depth = 0
    for line in script:
        buf += line
        if buf.count('"') % 2:
            continue
        s = buf.strip()
        buf = ""
        if s.endswith("{"):
            depth += 1
            continue
        if s == "}":
            depth -= 1
            continue
        if depth or not s or s.startswith("#"):
            continue
        out.append(shlex.split(s, comments=True))
    return out


def fix(text: str) -> str:
    """The scripts' ``fix``: join continuation lines of chains, then sort lines."""
    text = text.replace("\n    ", " ")
    return "".join(sorted(text.splitlines(keepends=True)))


def matches(expected: str, actual: str, ignorex: list[str], w: bool) -> bool:
    def lines(t: str) -> list[str]:
        ls = [ln for ln in t.splitlines() if not any(re.fullmatch(p, ln) for p in ignorex)]
        if w:
            ls = [" ".join(ln.split()) for ln in ls if ln.strip()]
        while ls and not ls[-1].strip():
            ls.pop()
        return ls
    exp, act = lines(expected), lines(actual)
    if len(exp) != len(act):
        return False
    for e, a in zip(exp, act, strict=True):
        parts = re.split(r"\{\{(.*?)\}\}", e)
        rx = "".join(re.escape(p) if i % 2 == 0 else f"(?:{p})" for i, p in enumerate(parts))
        if not re.fullmatch(rx, a):
            return False
    return True


def replay(path: Path, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, str], str,
                                                                            list, list[str]]:
    script, files, expects, ignorex = parse_testie(path.read_text())
    for name, body in files.items():
        (tmp / name).write_text(body)
    monkeypatch.chdir(tmp)
    outputs: dict[str, str] = {}
    stderr = ""
    for words in commands(script):
        cut = len(words)
        for i, wd in enumerate(words):
            if wd in ("|", ">", "||"):
                cut = i
                break
        argv, rest = words[:cut], words[cut:]
        if not argv or argv[0] not in ("click-flatten", "click"):
            continue
        if argv[0] == "click":
            files_ = [a for a in argv[1:] if not a.startswith("-")]
            argv = ["flatten", *files_] if "-qo-" in argv else ["flatten", "-o", "/dev/null",
                                                                 *files_]
        else:
            argv = ["flatten", *argv[1:]]
        _, out, err = run_clickc(argv)
        stderr += err
        if "fix" in rest:
            out = fix(out)
        if ">" in rest:
            outputs[rest[rest.index(">") + 1]] = out
    return outputs, stderr, expects, ignorex


@pytest.mark.skipif(not TESTS, reason=oracle.skip_reason_src("test/tools"))
@pytest.mark.parametrize("test", TESTS, ids=[p.stem for p in TESTS])
def test_click_lexer_test(test: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if test.stem in NOT_FRONTEND:
        pytest.skip("needs the push/pull checker or the run-time driver")
    outputs, stderr, expects, ignorex = replay(test, tmp_path, monkeypatch)
    assert expects
    for names, w, text in expects:
        for name in names:
            actual = stderr if name == "stderr" else outputs.get(name)
            if actual is None:
                continue  # output of a driver-only command (e.g. *_USERLEVEL of 'click -q')
            assert matches(text, actual, ignorex, w), f"{test.stem} {name}:\n{actual}"


@pytest.mark.skipif(not TESTS, reason=oracle.skip_reason_src("test/tools"))
def test_lexer08_line_directive_in_config_string(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _, files, _, _ = parse_testie(oracle.require_click_src("test/tools/lexer-08.clicktest")
                                  .read_text())
    (tmp_path / "A.click").write_text(files["A.click"])
    monkeypatch.chdir(tmp_path)
    g = parse_file("A.click")
    lms = {e.name: str(e.landmark) for e in g.elements()}
    # Click reports "A.click:1: While configuring 'm ...'" and "foobar.click:101: ... 'm2 ...'"
    assert lms["m"] == "A.click:1" and lms["m2"] == "foobar.click:101"
    assert g.element("m").config.replace("\n", " ").split() == ['"test"']
