"""Idle: Never pushes or pulls packets; holds unused ports.

Facts from Click's elements/standard/idle.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('Idle', '-/-', 'a/a', 'x/y',
    config='none',
    click_flags='S0',
    # Click's Idle is an empty notifier that is never active: a task pulling only from Idles
    # sleeps (idle.c's ELEM(empty))
    empty_notifier=True,
)
