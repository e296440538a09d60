"""Idle: Never pushes or pulls packets; holds unused ports.

Facts from Click's elements/standard/idle.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='Idle',
    port_count='-/-',
    processing='a/a',
    flow_code='x/y',
    config='none',
    click_flags='S0',
    doc='Never pushes or pulls packets; holds unused ports.',
)
