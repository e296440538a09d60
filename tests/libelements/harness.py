"""Run a configuration of the issue-19 element classes on crafted frames and read back what it
wrote: every ``ToDump($OUT/NAME.pcap)`` as a list of frames and every ``-h`` handler value.

The expectations in the tests beside this module are computed from Click's documented
behaviour of each class (its .hh documentation and .cc, which the C templates cite), frame by
frame.  Each configuration is compiled and run once plain; ``sanitized=True`` builds it with
AddressSanitizer and UndefinedBehaviorSanitizer (any report fails the run)."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tests.pktlib import read_pcap
from tests.testlib import SANITIZE, require_c_compiler, sanitizer_env

#: Ethernet addresses of the crafted frames.
DST = bytes.fromhex("020000000002")
SRC = bytes.fromhex("020000000001")


def write_pcap(path: Path, frames: list[bytes], start: int = 1000,
               stamps: list[tuple[int, int]] | None = None) -> None:
    """A classic little-endian microsecond pcap of Ethernet ``frames``; record i is stamped
    ``stamps[i]`` (seconds, microseconds), or ``start + i`` seconds."""
    out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i, f in enumerate(frames):
        sec, usec = stamps[i] if stamps else (start + i, 0)
        out += struct.pack("<IIII", sec, usec, len(f), len(f)) + f
    path.write_bytes(bytes(out))


@dataclass
class Result:
    """What one run produced: output files by stem (their packets as (sec, ns, bytes)),
    handler values by ``element.handler``, drop reasons by element (--stats) and stderr."""

    outputs: dict[str, list[tuple[int, int, bytes]]] = field(default_factory=dict)
    handlers: dict[str, str] = field(default_factory=dict)
    drops: dict[str, dict[str, int]] = field(default_factory=dict)
    stderr: str = ""

    def frames(self, name: str) -> list[bytes]:
        """The bytes of the packets written to ``$OUT/name.pcap``."""
        return [d for _, _, d in self.outputs[name]]


def _handler_values(stdout: str, handlers: list[str]) -> dict[str, str]:
    """Values of ``-h`` handlers: Click prints ``NAME:`` lines before each value, or the bare
    value when only one handler is read."""
    if len(handlers) == 1:
        return {handlers[0]: stdout.rstrip("\n")}
    values: dict[str, str] = {}
    name = None
    for line in stdout.splitlines():
        if line.endswith(":") and line[:-1] in handlers and line[:-1] not in values:
            name = line[:-1]
            values[name] = ""
        elif name is not None:
            values[name] = (values[name] + "\n" + line) if values[name] else line
    return {k: v.rstrip("\n") for k, v in values.items()}


def run(tmp_path: Path, config: str, frames: list[bytes], handlers: list[str] = (),  # type: ignore[assignment]
        *, sanitized: bool = False, stamps: list[tuple[int, int]] | None = None,
        options: list[str] = (), expect_ok: bool = True) -> Result:  # type: ignore[assignment]
    """Compile and run ``config`` (``$IN`` is the crafted capture, ``$OUT`` a fresh directory)
    with ``-h`` for each of ``handlers``; the run must succeed unless ``expect_ok`` is false."""
    require_c_compiler()
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    pcap = tmp_path / "in.pcap"
    write_pcap(pcap, frames, stamps=stamps)
    cfg = tmp_path / "r.click"
    cfg.write_text(config)
    stats = tmp_path / "stats.json"
    cmd = [sys.executable, "-m", "clickc", "run", *(SANITIZE if sanitized else []), *options,
           str(cfg), f"IN={pcap}", f"OUT={out}", f"--stats={stats}"]
    for h in handlers:
        cmd += ["-h", h]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=tmp_path,
                       env=sanitizer_env())
    if expect_ok:
        assert p.returncode == 0, p.stderr[-4000:]
    r = Result(stderr=p.stderr, handlers=_handler_values(p.stdout, list(handlers)))
    for f in sorted(out.glob("*.pcap")):
        r.outputs[f.stem] = read_pcap(f)[1]
    if stats.exists():
        data = json.loads(stats.read_text())
        for e in data.get("elements", []):
            if e.get("drop_reasons"):
                r.drops[e["name"]] = e["drop_reasons"]
    return r
