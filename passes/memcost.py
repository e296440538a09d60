"""The price of a lookup in a large read-only table: cache and TLB misses from the table's size.

Units: CPU cycles per packet.  Used by the batch pass's vector-mode decision
(clickc.passes.batching, docs/batching.md "Vector mode") when no profile gives the lookup's
measured cost.

The model (docs/batching.md): a route lookup in clickc's DIR-24-8 table (runtime/lpm.h;
Gupta, Lin and McKeown, Infocom 1998) reads one 2-byte ``tbl24`` entry, and for /24 blocks
holding longer prefixes one more ``tbl8`` entry.  With destinations spread over a table of
``n`` prefixes, the lookups touch about ``LINES_PER_PREFIX * n`` distinct 64-byte lines of
``tbl24`` (most Internet prefixes are /24 or shorter and neighbours share lines: the
RouteViews 2014 table's 512,621 prefixes hit 335,446 lines, 20.5 MiB) and the 4 KiB pages
holding them.  A working set of ``w`` bytes against a cache of ``c`` bytes misses in it with
probability ``max(0, 1 - c / w)`` (uniform reuse); each miss costs the next level's latency,
and each page beyond the TLB's reach a page walk.  Cache sizes come from sysfs
(``/sys/devices/system/cpu/cpu0/cache``), with defaults of this project's machines (AMD EPYC:
1 MiB L2, 32 MiB L3) when it is absent; a core is counted :data:`LLC_SHARE` of the shared
last-level cache (the socket's other cores, tenants and the router's own packets use the
rest).  Latencies are figures for current x86 servers (L3 hit about 40 cycles beyond L2, DRAM
about 300 beyond L3, a page walk about 40).  Checked against bench/bench_l3fwd.py's full-table
runs (docs/batching.md): the model gives about 240 cycles per lookup for the full table, where
per-packet code measured about 115 ns (about 300 cycles) more per packet than with a table that
fits in L2.

Overlap: a vector of ``v`` lookups issued back to back (ck_rt_lookup_bulk with its prefetch)
keeps up to :data:`MEMORY_PARALLELISM` misses in flight, so each packet pays
``miss / min(v, MEMORY_PARALLELISM)``; per-packet code waits out each miss alone.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

#: Entries of the DIR-24-8 first-level table and their size (runtime/lpm.h: uint16_t).
TBL24_BYTES = (1 << 24) * 2
TBL24_LINES = TBL24_BYTES // 64
TBL24_PAGES = TBL24_BYTES // 4096

#: Distinct tbl24 cache lines a prefix adds to the working set (RouteViews 2014: 0.65).
LINES_PER_PREFIX = 0.65

#: Share of the last-level cache one core's lookups keep.
LLC_SHARE = 0.25

#: Extra cycles of an L2 miss that hits L3, of an L3 miss (DRAM), and of a page walk.
L3_HIT_CYCLES = 40.0
DRAM_CYCLES = 300.0
PAGE_WALK_CYCLES = 40.0

#: Misses one core keeps in flight for independent loads (Zen: 22 L1 miss buffers; the
#: figure used is what a dependent table walk after a header read sustains).
MEMORY_PARALLELISM = 8

#: Reach of the second-level TLB in 4 KiB pages (Zen 2/3: 2048 entries).
TLB_PAGES = 2048

#: (L2 bytes, last-level cache bytes) when sysfs does not say.
DEFAULT_CACHES = (1 << 20, 32 << 20)


def _parse_size(text: str) -> int | None:
    """``"512K"``/``"32768K"``/``"32M"`` -> bytes (None when not a size)."""
    t = text.strip().upper()
    mult = 1
    if t.endswith("K"):
        mult, t = 1 << 10, t[:-1]
    elif t.endswith("M"):
        mult, t = 1 << 20, t[:-1]
    return int(t) * mult if t.isdigit() else None


@cache
def cache_sizes(root: str = "/sys/devices/system/cpu/cpu0/cache") -> tuple[int, int]:
    """(L2 bytes, last-level cache bytes) of CPU 0 from sysfs, else :data:`DEFAULT_CACHES`.
    Never raises."""
    by_level: dict[int, int] = {}
    try:
        for d in sorted(Path(root).glob("index*")):
            kind = (d / "type").read_text().strip()
            if kind == "Instruction":
                continue
            size = _parse_size((d / "size").read_text())
            if size is not None:
                by_level[int((d / "level").read_text())] = size
    except (OSError, ValueError):
        return DEFAULT_CACHES
    l2 = by_level.get(2)
    llc = by_level.get(max(by_level)) if by_level else None
    if l2 is None or llc is None or llc < l2:
        return DEFAULT_CACHES
    return l2, llc


def _miss_ratio(working_set: float, capacity: float) -> float:
    return 0.0 if working_set <= capacity else 1.0 - capacity / working_set


def table_lookup_cycles(n_entries: int, caches: tuple[int, int] | None = None) -> float:
    """Expected cycles per lookup spent on cache and TLB misses in a DIR-24-8 route table of
    ``n_entries`` prefixes when destinations spread over them (see the module doc).
    caches: (L2 bytes, last-level bytes); None reads :func:`cache_sizes`.  0 for small
    tables (up to about 16,000 prefixes in a 1 MiB L2), about 240 for a full Internet table
    (512K prefixes) with a 32 MiB L3."""
    l2, llc = caches if caches is not None else cache_sizes()
    lines = min(max(0, n_entries) * LINES_PER_PREFIX, TBL24_LINES)
    ws = lines * 64.0
    pages = min(ws / 4096.0, TBL24_PAGES)
    return (_miss_ratio(ws, l2) * L3_HIT_CYCLES
            + _miss_ratio(ws, llc * LLC_SHARE) * DRAM_CYCLES
            + _miss_ratio(pages, TLB_PAGES) * PAGE_WALK_CYCLES)


def overlapped(miss_cycles: float, vector: int) -> float:
    """Cycles per packet left of ``miss_cycles`` when ``vector`` lookups are issued together
    (at most :data:`MEMORY_PARALLELISM` in flight)."""
    return miss_cycles / max(1, min(vector, MEMORY_PARALLELISM))
