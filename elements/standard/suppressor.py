"""Suppressor: Passes packets from input i to output i unless input i is suppressed.

Facts from Click's elements/standard/suppressor.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='Suppressor',
    port_count='-/=',
    processing='a/a',
    flow_code='#/#',
    config='none',
    handlers=(
        Handler('reset', read=False, write=True),
        *(Handler(f'active{i}', write=True, doc='ports 0-7 only') for i in range(8)),
    ),
    header_delta=0,
    doc='Passes packets from input i to output i unless input i is suppressed.',
)
