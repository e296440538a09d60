"""A new element class from a directory named by CLICKC_ELEMENT_PATH: spec + C file, nothing
else touched, compiled into a router and run (docs/adding-an-element.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SPEC = '''"""CountBytes: counts the bytes of the packets that pass (a test element)."""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='CountBytes',
    port_count='1/1',
    processing='a/a',
    args=(Arg('EXTRA', 'unsigned', positional=True, default=0,
              doc='bytes added per packet'),),
    handlers=(Handler('bytes'), Handler('reset', read=False, write=True)),
    state='counters',
    header_delta=0,
    order_free=True,
    doc='Counts the bytes of the packets that pass.',
)
'''

C = r'''/* CountBytes: counts the bytes (plus EXTRA per packet) of the packets that pass. */
static uint64_t ELEM(bytes);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ELEM(bytes) += p->len + CONF(EXTRA);
    return p;
}
#include "simple_action.h"

static int ELEM(read_bytes)(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(bytes));
    return 0;
}

static int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value;
    (void)errh;
    ELEM(bytes) = 0;
    return 0;
}
'''


def _element_dir(root: Path) -> Path:
    d = root / "elems"
    (d / "local").mkdir(parents=True)
    (d / "local" / "countbytes.py").write_text(SPEC)
    (d / "local" / "countbytes.c").write_text(C)
    return d


def _env(path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["CLICKC_ELEMENT_PATH"] = str(path)
    return env


def test_external_element_compiles_and_runs(tmp_path: Path) -> None:
    d = _element_dir(tmp_path)
    cfg = tmp_path / "r.click"
    cfg.write_text("InfiniteSource(LIMIT 5, LENGTH 100, STOP true)\n"
                   "    -> c :: CountBytes(3)\n    -> Discard;\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "--no-cache", str(cfg),
                        "-h", "c.bytes"], env=_env(d), cwd=tmp_path, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.split() == ["515"]   # 5 packets of 100 bytes, 3 extra each


def test_external_element_is_checked(tmp_path: Path) -> None:
    d = _element_dir(tmp_path)
    (d / "local" / "countbytes.c").write_text(C.replace("ELEM(read_bytes)", "ELEM(read_bites)"))
    cfg = tmp_path / "r.click"
    cfg.write_text("InfiniteSource(LIMIT 1, STOP true) -> c :: CountBytes -> Discard;\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "--no-cache", str(cfg)],
                       env=_env(d), cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert p.returncode != 0
    assert "ELEM(read_bytes)" in p.stderr and "ELEM(read_bites)" not in p.stdout
