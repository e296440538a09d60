"""A ``clickc run -R`` router in a test: started on a free TCP port, driven over its
ControlSocket (Click's protocol), stopped with ``WRITE stop``."""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Control:
    """One ControlSocket connection."""

    def __init__(self, port: int, wait: float = 180.0) -> None:
        start = time.monotonic()
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=wait)
                break
            except OSError:
                if time.monotonic() - start > wait:
                    raise
                time.sleep(0.1)
        self.file = self.sock.makefile("rb")
        assert self.file.readline().startswith(b"Click::ControlSocket/")

    def answer(self) -> tuple[int, list[str], str | None]:
        """(code, lines, DATA of a read) of the next answer."""
        lines: list[str] = []
        while True:
            line = self.file.readline().decode().rstrip("\r\n")
            assert line, "connection closed"
            lines.append(line)
            if line[3:4] != "-":
                break
        data = None
        if lines[-1].startswith("200 Read"):
            n = int(self.file.readline().split()[1])
            data = self.file.read(n).decode()
        return int(lines[-1][:3]), lines, data

    def command(self, text: str) -> tuple[int, list[str], str | None]:
        self.sock.sendall(text.encode() + b"\r\n")
        return self.answer()

    def read(self, handler: str) -> str:
        code, lines, data = self.command(f"READ {handler}")
        assert code == 200 and data is not None, lines
        return data

    def hotconfig(self, text: str) -> tuple[int, list[str]]:
        """``WRITEDATA hotconfig N``: (code, lines)."""
        data = text.encode()
        self.sock.sendall(b"WRITEDATA hotconfig %d\r\n" % len(data) + data)
        code, lines, _ = self.answer()
        return code, lines

    def close(self) -> None:
        self.file.close()
        self.sock.close()


class HotRouter:
    """``clickc run -R -p PORT CONFIG OPTIONS...`` as a context manager; ``stop()`` returns
    (exit status, stdout, stderr)."""

    def __init__(self, tmp: Path, config: str, *options: str,
                 env: dict[str, str] | None = None, port: int | None = None) -> None:
        self.port = port if port is not None else free_port()
        cfg = tmp / "router.click"
        cfg.write_text(config)
        environ = dict(os.environ, CLICKC_HOT_TRACE="1",
                       **(env or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "clickc", "run", "-R", "-p", str(self.port), str(cfg),
             *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environ,
            cwd=tmp)
        self.control: Control | None = None

    def __enter__(self) -> HotRouter:
        try:
            self.control = Control(self.port)
        except OSError:
            self.proc.kill()
            out, err = self.proc.communicate()
            raise AssertionError(f"the router did not start:\n{out}\n{err}") from None
        return self

    def stop(self) -> tuple[int, str, str]:
        if self.control is not None:
            try:
                self.control.command("WRITE stop")
            except (OSError, AssertionError):
                pass
            self.control.close()
            self.control = None
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, out, err

    def __exit__(self, t: type[BaseException] | None, v: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.proc.poll() is None:
            if self.control is not None:
                self.stop()
            else:
                self.proc.kill()
                self.proc.communicate()
        elif v is not None and self.proc.stderr is not None:
            # the router ended under the test: its messages explain the failure (shown by
            # pytest with the test's output)
            print("router's standard error:\n" + self.proc.stderr.read()[-20000:])


#: How many of :func:`prebuild`'s builds run at once: a serial test has both CPUs (Makefile).
PREBUILD_JOBS = 2


def prebuild(tmp: Path, port: int, texts: list[str], *options: str) -> float:
    """Build (into clickc's cache) the ``-R`` routers of configurations ``texts`` as the
    ``hotconfig`` writes of a router started with ``HotRouter(tmp, ..., *options, port=port)``
    will ask for them (``-e TEXT``, the same options and ControlSocket port), so that those
    writes find them built and cost the compiler's start only.  Each distinct text is built
    once, :data:`PREBUILD_JOBS` at a time.  Returns the seconds taken."""
    start = time.monotonic()

    def build(text: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "clickc", "run", "-R", "-p", str(port), "--print-program",
             *options, "-e", text], capture_output=True, text=True, cwd=tmp, timeout=600)

    with ThreadPoolExecutor(max_workers=PREBUILD_JOBS) as pool:
        for res in pool.map(build, dict.fromkeys(texts)):
            assert res.returncode == 0, res.stderr
    return time.monotonic() - start


def steady(ctl: Control, *handlers: str, pause: float = 0.0) -> list[int]:
    """The handlers' values (integers), read again (``pause`` seconds apart) until two
    readings agree: packets move meanwhile."""
    last: list[int] = []
    while True:
        if pause:
            time.sleep(pause)
        now = [int(ctl.read(h)) for h in handlers]
        if now == last:
            return now
        last = now


def mappings(text: str) -> dict[str, str]:
    """A rewriter's table (Click's format: ``FLOW => REWRITTEN [PORTS] ...``): flow -> its
    rewritten flow."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        flow, sep, rest = line.partition(" => ")
        if sep:
            out[flow.strip()] = rest.split(" [")[0].strip()
    return out


def pcap_times(path: Path) -> list[int]:
    """The record timestamps (ns) of a pcap file ToDump wrote (nanosecond or microsecond)."""
    data = path.read_bytes()
    nano = struct.unpack("<I", data[:4])[0] == 0xA1B23C4D
    out: list[int] = []
    off = 24
    while off + 16 <= len(data):
        sec, frac, caplen, _ = struct.unpack("<IIII", data[off:off + 16])
        out.append(sec * 1_000_000_000 + (frac if nano else frac * 1000))
        off += 16 + caplen
    return out
