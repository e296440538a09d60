"""Helpers shared by the benchmark scripts of bench/: the UDP test frame of the synthetic
sources, ``-h`` output parsing, a scratch directory, the ``--json`` result file, and where
real Click is (the environment variables of docs/testing.md)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: The data shared between checkouts (captures, route tables, rule sets): ``$CLICKC_SHARED``,
#: else ``../shared`` beside the repository (a worktree elsewhere sets the variable).
SHARED = Path(os.environ.get("CLICKC_SHARED") or Path(__file__).resolve().parents[2] / "shared")


def oracle_click(tool: str = "click") -> str:
    """Click's program ``tool`` as the benchmarks' default: ``$CLICK_PREFIX/bin/TOOL`` when
    CLICK_PREFIX is set (docs/testing.md), else ``tool`` as found on PATH."""
    prefix = os.environ.get("CLICK_PREFIX")
    return os.path.join(prefix, "bin", tool) if prefix else tool


def oracle_click6() -> str:
    """A Click built with ip6 elements: ``$CLICK6``, else :func:`oracle_click`."""
    return os.environ.get("CLICK6") or oracle_click()


def oracle_src() -> str:
    """Click's source tree: ``$CLICK_SRC``, else ``click`` (a tree in the current
    directory)."""
    return os.environ.get("CLICK_SRC") or "click"


def udp_frame(size: int, eth: str) -> str:
    """An Ethernet/IPv4/UDP frame as a Click ``\\<hex>`` string: 64 bytes in all for size 64,
    an IP packet of ``size`` bytes otherwise; Ethernet header ``eth`` (14 bytes in hex),
    10.0.0.2 -> 10.1.0.2, UDP 1024 -> 1024, TTL 64, IP checksum set (RFC 1071), UDP checksum
    zero, zero payload."""
    iplen = 50 if size == 64 else size
    ip = bytearray.fromhex("4500") + iplen.to_bytes(2, "big") + bytearray.fromhex(
        "00004000401100000a0000020a010002")
    s = sum(int.from_bytes(ip[i:i + 2], "big") for i in range(0, 20, 2))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    ip[10:12] = (~s & 0xFFFF).to_bytes(2, "big")
    udp = bytes.fromhex("04000400") + (iplen - 20).to_bytes(2, "big") + bytes(2)
    data = bytes.fromhex(eth) + bytes(ip) + udp + bytes(iplen - 28)
    return "\\<" + data.hex() + ">"


def handler_values(out: str) -> dict[str, str]:
    """``-h`` output (a ``NAME:`` line, then the value on the next non-empty line) as
    {name: value}."""
    vals: dict[str, str] = {}
    cur = None
    for line in out.splitlines():
        if line.endswith(":"):
            cur = line[:-1]
        elif cur is not None and line.strip():
            vals[cur] = line.strip()
            cur = None
    return vals


@contextmanager
def scratch_dir(prefix: str) -> Iterator[Path]:
    """A fresh temporary directory, removed with its contents on leaving."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def save_json(path: str | None, result: dict[str, Any]) -> None:
    """Write ``result`` as indented JSON to ``path`` (the ``--json`` option), if given."""
    if path:
        Path(path).write_text(json.dumps(result, indent=1))
