"""Block: Sends packets with a forwarding-rate annotation up to THRESH to output 0, others to 1.

Facts from Click's elements/standard/block.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='Block',
    port_count='1/2',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('THRESH', 'int', positional=True, required=True),
    ),
    handlers=(
        Handler('thresh', write=True),
    ),
    doc=(
        'Sends packets whose forwarding-rate annotation (FWD_RATE) is at most THRESH to '
        'output 0, the others to output 1 (all to output 0 when THRESH is 0).'
    ),
)
