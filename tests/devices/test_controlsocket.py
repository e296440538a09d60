"""ControlSocket against Click: the session of controlsocket/session.py (reads, writes with
errors, the DATA, UNTIL and CHECK commands, element numbers, HELP, QUIT) run on a compiled
controlsocket/session.click must give the transcript Click gave (controlsocket/expected.txt,
the command in its first line).  Also a Unix-domain socket and READONLY.  Needs no root."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import BinaryIO

import pytest

HERE = Path(__file__).resolve().parent / "controlsocket"
sys.path.insert(0, str(HERE))
from session import record_session  # type: ignore[import-not-found]  # noqa: E402

pytestmark = [pytest.mark.workers,  # protocol answers and counts, one thread, no timing
              pytest.mark.skipif(shutil.which("clang") is None and shutil.which("gcc") is None,
                                 reason="no C compiler")]


def _compile(cfg: Path, tmp: Path, *params: str) -> Path:
    prog = tmp / "router"
    subprocess.run([sys.executable, "-m", "clickc", "compile", "-O1", "-o", str(prog), str(cfg),
                    *params], check=True, capture_output=True, text=True, timeout=600)
    return prog


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int) -> None:
    for _ in range(400):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the ControlSocket did not open")


def test_session_equals_click(tmp_path: Path) -> None:
    """Every reply of the session is Click's, byte for byte (the port number aside)."""
    port = _free_port()
    prog = _compile(HERE / "session.click", tmp_path, f"PORT={port}")
    p = subprocess.Popen([str(prog)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        _wait_port(port)
        got = record_session(port)
    finally:
        p.send_signal(signal.SIGINT)
        p.communicate(timeout=20)
    expected = (HERE / "expected.txt").read_bytes().decode().split("\n", 1)[1]
    assert got.replace(f"\n{port}\n", "\nPORT\n") == expected


def _start_unix(tmp_path: Path, config: str, *sockets: Path) -> subprocess.Popen[str]:
    """Compile ``config`` and start it; returns once every socket file in ``sockets`` exists."""
    cfg = tmp_path / "u.click"
    cfg.write_text(config)
    prog = _compile(cfg, tmp_path)
    p = subprocess.Popen([str(prog)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(200):
        if all(x.exists() for x in sockets):
            break
        time.sleep(0.05)
    return p


def _greeted(path: Path) -> tuple[socket.socket, BinaryIO]:
    """A client of the socket file ``path`` past the protocol's greeting line."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(str(path))
    f = s.makefile("rb")
    assert f.readline() == b"Click::ControlSocket/1.3\r\n"
    return s, f


def test_unix_socket_and_readonly(tmp_path: Path) -> None:
    """TYPE UNIX serves the same protocol on a socket file (removed at exit); READONLY true
    refuses writes with Click's 530."""
    path = tmp_path / "cs.sock"
    p = _start_unix(tmp_path, f"ControlSocket(UNIX, {path}, READONLY true);\n"
                    "c :: Counter -> Discard; InfiniteSource(LIMIT 3) -> c;\n", path)
    try:
        s, f = _greeted(path)
        s.sendall(b"WRITE c.reset\n")
        assert f.readline() == b"530 Permission denied for 'c.reset'\r\n"
        s.sendall(b"CHECKWRITE c.reset\n")
        assert f.readline() == b"530 Permission denied for 'c.reset'\r\n"
        s.sendall(b"READ c.count\n")
        assert f.readline() == b"200 Read handler 'c.count' OK\r\n"
        assert f.readline() == b"DATA 1\r\n"
        assert f.read(1) == b"3"
        s.sendall(b"QUIT\n")
        assert f.readline() == b"200 Goodbye!\r\n"
        assert f.readline() == b""  # the router closes the connection
        s.close()
    finally:
        p.send_signal(signal.SIGINT)
        p.communicate(timeout=20)
    assert p.returncode == 0
    assert not path.exists()


def test_write_stop_ends_the_router(tmp_path: Path) -> None:
    """The router runs while its ControlSocket is open; the global "stop" handler ends it."""
    path = tmp_path / "s.sock"
    cfg = tmp_path / "s.click"
    cfg.write_text(f"ControlSocket(UNIX, {path});\n")
    prog = _compile(cfg, tmp_path)
    p = subprocess.Popen([str(prog)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(200):
        if path.exists():
            break
        time.sleep(0.05)
    time.sleep(0.3)
    assert p.poll() is None
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(str(path))
    s.sendall(b"WRITE stop\n")
    p.communicate(timeout=20)
    assert p.returncode == 0
    s.close()
    assert os.path.exists(path) is False


def test_socket_type_serves_an_inherited_descriptor(tmp_path: Path) -> None:
    """TYPE SOCKET serves the one connection already open on descriptor FD."""
    cfg = tmp_path / "fd.click"
    cfg.write_text("ControlSocket(SOCKET, 60);\nc :: Counter -> Discard;\n"
                   "InfiniteSource(LIMIT 2) -> c;\n")
    prog = _compile(cfg, tmp_path)
    mine, theirs = socket.socketpair()
    os.dup2(theirs.fileno(), 60)  # the descriptor number the configuration names
    p = subprocess.Popen([str(prog)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         pass_fds=(60,))
    try:
        os.close(60)
        theirs.close()
        f = mine.makefile("rb")
        mine.settimeout(20)
        assert f.readline() == b"Click::ControlSocket/1.3\r\n"
        mine.sendall(b"READ c.class\r\n")
        assert f.readline() == b"200 Read handler 'c.class' OK\r\n"
        assert f.readline() == b"DATA 7\r\n"
        assert f.read(7) == b"Counter"
        mine.sendall(b"WRITE stop\r\n")
        assert f.readline() == b"200 Write handler 'stop' OK\r\n"
        p.communicate(timeout=20)
    finally:
        if p.poll() is None:
            p.send_signal(signal.SIGINT)
            p.communicate(timeout=20)
        mine.close()
    assert p.returncode == 0


def test_two_sockets_and_a_client_that_leaves_early(tmp_path: Path) -> None:
    """Two ControlSockets compile into one router (issue 22: their reply codes were defined
    twice), and a client that sends commands and closes without reading does not kill the
    router with SIGPIPE: the other socket still answers, and both socket files go at exit."""
    a, b = tmp_path / "a.sock", tmp_path / "b.sock"
    p = _start_unix(tmp_path, f"ControlSocket(UNIX, {a});\nControlSocket(UNIX, {b});\n"
                    "c :: Counter -> Discard; InfiniteSource(LIMIT 3) -> c;\n", a, b)
    try:
        for _ in range(20):  # many replies to a peer that is gone: EPIPE, never SIGPIPE
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(str(a))
            s.sendall(b"READ c.count\n" * 200 + b"WRITEDATA c.reset 100\nabc")
            s.close()
        time.sleep(0.5)
        assert p.poll() is None, p.communicate()
        s, f = _greeted(b)
        s.sendall(b"READ c.count\n")
        assert f.readline() == b"200 Read handler 'c.count' OK\r\n"
        s.close()
    finally:
        p.send_signal(signal.SIGINT)
        p.communicate(timeout=20)
    assert p.returncode == 0
    assert not a.exists() and not b.exists()
