"""RoundRobinSwitch: Sends packets to its outputs in turn.

Facts from Click's elements/standard/rrswitch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='RoundRobinSwitch',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    config='none',
    state='shared',
    concurrency=(
        "the cursor is one atomic counter (fetch-and-add): outputs take turns over all threads'"
        ' packets'
    ),
    spreader=True,
    header_delta=0,
    doc='Sends packets to its outputs in turn.',
)
