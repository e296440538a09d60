"""Block: Sends packets with a forwarding-rate annotation up to THRESH to output 0, others to 1.

Facts from Click's elements/standard/block.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('Block', '1/2', 'a/a',
    args=(Arg('THRESH', 'int', positional=True, required=True),),
    handlers=(Handler('thresh', write=True),),
    doc=(
        'Sends packets whose forwarding-rate annotation (FWD_RATE) is at most THRESH to '
        'output 0, the others to output 1 (all to output 0 when THRESH is 0).'
    ),
)
