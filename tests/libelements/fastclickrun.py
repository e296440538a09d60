"""FastClick for the tests of its classes (issue 19, FastClick's measurement elements): the
tests beside this module check clickc against expectations recorded from FastClick, and with
``FASTCLICK`` (FastClick's ``click`` program, tests/oracle.py) set they check the same
expectations against a run of FastClick itself, so that a recording that drifted from FastClick
fails.  Without the variable those checks skip (CI has no FastClick)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from tests import oracle
from tests.pktlib import read_pcap

from .harness import _handler_values

__all__ = ["FastClickRun", "run_fastclick"]


@dataclass
class FastClickRun:
    """What one FastClick run produced: handler values by ``element.handler``, the packets of
    every ``$OUT/NAME.pcap`` by stem (as (sec, ns, bytes)) and standard error."""

    handlers: dict[str, str] = field(default_factory=dict)
    outputs: dict[str, list[tuple[int, int, bytes]]] = field(default_factory=dict)
    stderr: str = ""


def run_fastclick(cwd: Path, config: str, handlers: list[str] = (),  # type: ignore[assignment]
                  options: list[str] = (),  # type: ignore[assignment]
                  timeout: float = 120) -> FastClickRun:
    """FastClick's driver on the configuration text ``config`` (written to
    ``cwd/fastclick.click``, ``$OUT`` a fresh directory ``cwd/fcout``) with ``-h`` for each
    of ``handlers`` and the driver options ``options`` (``-j 2``...), run in ``cwd``; the run
    must succeed; ``timeout`` in seconds.  Skips the calling test without ``FASTCLICK``."""
    driver = oracle.require_fastclick()
    out = cwd / "fcout"
    out.mkdir(exist_ok=True)
    (cwd / "fastclick.click").write_text(config)
    cmd = [str(driver), *options, "fastclick.click", f"OUT={out}"]
    for h in handlers:
        cmd += ["-h", h]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    assert p.returncode == 0, p.stderr[-4000:]
    r = FastClickRun(handlers=_handler_values(p.stdout, list(handlers)), stderr=p.stderr)
    for f in sorted(out.glob("*.pcap")):
        r.outputs[f.stem] = read_pcap(f)[1]
    return r
