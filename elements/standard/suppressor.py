"""Suppressor: Passes packets from input i to output i unless input i is suppressed.

Facts from Click's elements/standard/suppressor.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('Suppressor', '-/=', 'a/a', '#/#',
    config='none',
    handlers=(
        Handler('reset', read=False, write=True),
        *(Handler(f'active{i}', write=True, doc='ports 0-7 only') for i in range(8)),
    ),
    header_delta=0,
)
