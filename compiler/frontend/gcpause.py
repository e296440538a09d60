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
    (docs/reliability.md, "Large configurations").  Collection resumes after, with the
    objects the step made already in the oldest generation: re-enabled as they were, the
    collector's first young collection walked every one of them (a tenth of ``clickc check``
    on a large router).  They are still collected, by the next full collection."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            # freeze moves every tracked object to the permanent generation and unfreeze
            # moves them all to the oldest one, without walking them (Python's gc module)
            gc.freeze()
            gc.unfreeze()
            gc.enable()
