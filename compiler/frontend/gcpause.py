"""Pausing Python's cyclic garbage collector around steps that work on a large router."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a step that allocates objects per element
    of a large router and frees few (reading, flattening, Click's checks, printing): each full
    collection walks every live object, and a large router holds millions
    (docs/reliability.md, "Large configurations").  Collection resumes after."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
