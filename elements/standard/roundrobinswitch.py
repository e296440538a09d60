"""RoundRobinSwitch: Sends packets to its outputs in turn.

Facts from Click's elements/standard/rrswitch.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('RoundRobinSwitch', '1/1-', 'h/h',
    config='none',
    state='shared',
    concurrency='atomic',
    concurrency_note=(
        "the cursor is one atomic counter (fetch-and-add): outputs take turns over all threads'"
        ' packets'
    ),
    spreader=True,
    header_delta=0,
)
