"""ChatterSocket (issue 19; Click's elements/userlevel/chattersocket.cc) over loopback: a client
of the TCP or Unix-domain socket gets the greeting and then a copy of every message the router
prints on standard error after it connected; the socket errors (bind failure, with and without
RETRIES) and the configuration errors read as Click's.

The expectations were recorded from real Click (the constants below); with CLICK_PREFIX set
(Click's install prefix) the same configurations also run under ``CLICK_PREFIX/bin/click`` and
must give the same.  Needs no root."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from tests import oracle
from tests.testlib import SANITIZE, clickc, require_tsan, sanitizer_env

pytestmark = pytest.mark.skipif(shutil.which("clang") is None and shutil.which("gcc") is None,
                                reason="no C compiler")

GREETING = b"Click::ChatterSocket/1.0\r\n"
#: Print(x)'s line for the packet "hello" (the same in Click and clickc)
LINE = b"x:    5 | 68656c6c 6f\n"
#: Click's messages when the TCP port is taken, RETRIES 0 / RETRIES 1 / RETRIES 1 without
#: RETRY_WARNINGS (recorded from Click; "config" is the configuration's file name)
BIND_FAILED = ("{f}:1: While initializing 'ChatterSocket@1 :: ChatterSocket':\n"
               "  bind: Address already in use\nRouter could not be initialized!\n")
BIND_RETRY = ("{f}:1: While initializing 'ChatterSocket@1 :: ChatterSocket':\n"
              "  warning: bind: Address already in use (1 try left)\n"
              "bind: Address already in use\n")
BIND_RETRY_QUIET = "bind: Address already in use\n"


def _click() -> Path | None:
    return oracle.click_tool("click")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _compile(tmp: Path, config: str, sanitized: bool = False) -> Path:
    (tmp / "r.click").write_text(config)
    p = clickc(tmp, "compile", "-O1", "--cflags=-Werror", *(SANITIZE if sanitized else []),
               "-o", "router", "r.click", timeout=900)
    assert p.returncode == 0, p.stderr[-4000:]
    return tmp / "router"


def _connect(family: int, address: object) -> socket.socket:
    deadline = time.monotonic() + 20
    while True:
        s = socket.socket(family, socket.SOCK_STREAM)
        try:
            s.connect(address)
            return s
        except OSError:
            s.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _session(cmd: list[str], cwd: Path, family: int, address: object) -> tuple[bytes, str, int]:
    """Run ``cmd``, connect one client as soon as the socket listens, and read until the router
    ends and closes it: (bytes received, the router's standard error, exit status)."""
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=sanitizer_env())
    got = bytearray()
    with _connect(family, address) as s:
        s.settimeout(30)
        while True:
            d = s.recv(4096)
            if not d:
                break
            got.extend(d)
    _, err = p.communicate(timeout=60)
    return bytes(got), err.decode(), p.returncode


def _check_copy(got: bytes, err: str, greeting: bool) -> None:
    """The client got the greeting, then whole copies of the lines on standard error (the
    messages after it connected: a tail of them)."""
    if greeting:
        assert got.startswith(GREETING)
        got = got[len(GREETING):]
    else:
        assert not got.startswith(b"Click::")
    lines = got.splitlines(keepends=True)
    assert lines and set(lines) == {LINE}
    assert err.encode().endswith(got)


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_tcp_copies_messages(tmp_path: Path, sanitized: bool) -> None:
    """TCP: greeting, then Print's lines as they are printed; the router ends at the
    DriverManager's stop and closes the connection."""
    port = _free_port()
    config = (f"ChatterSocket(TCP, {port});\nTimedSource(0.25, DATA \"hello\") -> Print(x) -> "
              "Discard;\nDriverManager(wait 1.1s, stop);\n")
    prog = _compile(tmp_path, config, sanitized)
    got, err, rc = _session([str(prog)], tmp_path, socket.AF_INET, ("127.0.0.1", port))
    assert rc == 0, err
    assert err.count(LINE.decode()) == 4
    _check_copy(got, err, greeting=True)
    click = _click()
    if click is not None:
        got, err, rc = _session([str(click), "r.click"], tmp_path, socket.AF_INET,
                                ("127.0.0.1", port))
        assert rc == 0, err
        _check_copy(got, err, greeting=True)


def test_unix_no_greeting_and_errors(tmp_path: Path) -> None:
    """UNIX with GREETING false: no greeting; a runtime error message (Script's ``error``)
    reaches the client with its context line as on standard error; the socket file is
    removed at the end."""
    config = ("ChatterSocket(UNIX, cs.sock, GREETING false);\n"
              "TimedSource(0.25, DATA \"hello\") -> Print(x) -> Discard;\n"
              "s :: Script(wait 0.6s, error \"bad thing\");\nDriverManager(wait 1.1s, stop);\n")
    prog = _compile(tmp_path, config)
    runs = [[str(prog)]]
    click = _click()
    if click is not None:
        runs.append([str(click), "r.click"])
    for cmd in runs:
        got, err, rc = _session(cmd, tmp_path, socket.AF_UNIX, str(tmp_path / "cs.sock"))
        assert rc == 0, err
        assert not (tmp_path / "cs.sock").exists()
        assert not got.startswith(b"Click::")
        assert err.encode().endswith(got)
        ctx = b"While executing 's :: Script':\n  \"bad thing\"\n"
        assert ctx in got
        rest = got.replace(ctx, b"")
        assert set(rest.splitlines(keepends=True)) == {LINE}


@pytest.mark.parametrize("extra, expected", [
    ("", BIND_FAILED),
    (", RETRIES 1", BIND_RETRY),
    (", RETRIES 1, RETRY_WARNINGS false", BIND_RETRY_QUIET),
], ids=["fail", "retry", "retry-quiet"])
def test_bind_failure(tmp_path: Path, extra: str, expected: str) -> None:
    """A port in use: Click's error at initialization, or with RETRIES a warning, one more
    try a second later and then the router stops (status 0)."""
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        config = f"ChatterSocket(TCP, {port}{extra});\nDriverManager(wait 5s, stop);\n"
        prog = _compile(tmp_path, config)
        cmds = [[str(prog)]]
        click = _click()
        if click is not None:
            cmds.append([str(click), "r.click"])
        for cmd in cmds:
            t = time.monotonic()
            p = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=60)
            assert p.stderr == expected.format(f="r.click"), cmd
            assert p.returncode == (1 if not extra else 0)
            assert time.monotonic() - t < 4  # the retry stops the router, not the 5 s wait


@pytest.mark.parametrize("args, message", [
    ("FOO, 1", "unknown socket type `FOO'"),
    ("UNIX", "FILENAME: required argument missing"),
    ("TCP, 99999", "PORT: overflow, range 0-65535"),
    ("TCP, 1, BOGUS 3", "BOGUS: unknown argument"),
    ("TCP, 1, CHANNEL verbose", "CHANNEL verbose: clickc has one chatter channel"),
])
@pytest.mark.workers  # clickc check's messages only
def test_configuration_errors(tmp_path: Path, args: str, message: str) -> None:
    """Click's configure messages (recorded from Click); a named CHANNEL is refused."""
    (tmp_path / "r.click").write_text(f"ChatterSocket({args});\n")
    p = clickc(tmp_path, "check", "r.click")
    assert p.returncode == 1
    assert p.stderr.startswith("r.click:1: While configuring 'ChatterSocket@1 :: "
                               "ChatterSocket':\n  " + message), p.stderr


TSAN = ["--cflags=-fsanitize=thread", "--cflags=-g", "--cflags=-fno-omit-frame-pointer",
        "--ldflags=-fsanitize=thread"]


@pytest.mark.parametrize("tsan", [False, True], ids=["plain", "tsan"])
def test_two_threads(tmp_path: Path, tsan: bool) -> None:
    """Two threads print at once: the client gets standard error's bytes from its connection
    on, in the same order (a mutex covers the copy; whether two threads' lines interleave is
    standard error's matter, the same on both)."""
    if tsan:
        require_tsan(tmp_path)
    port = _free_port()
    config = (f"ChatterSocket(TCP, {port});\n"
              "s0 :: TimedSource(0.004, DATA \"hello\", LIMIT 300, STOP true)"
              " -> Print(x) -> Discard;\n"
              "s1 :: TimedSource(0.004, DATA \"hello\", LIMIT 300, STOP false)"
              " -> Print(x) -> Discard;\n"
              "StaticThreadSched(s0 0, s1 1);\n")
    (tmp_path / "r.click").write_text(config)
    p = clickc(tmp_path, "compile", "-j", "2", *(TSAN if tsan else []), "-o", "router",
               "r.click", timeout=900)
    assert p.returncode == 0, p.stderr[-4000:]
    got, err, rc = _session([str(tmp_path / "router")], tmp_path, socket.AF_INET,
                            ("127.0.0.1", port))
    assert rc == 0, err
    assert got.startswith(GREETING)
    assert err.encode().endswith(got[len(GREETING):])
    assert got.count(LINE.rstrip()) >= 300  # the client connected well before the end
