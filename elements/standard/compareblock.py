"""CompareBlock: Sends a packet to output 1 when one of its rate annotations (FWD_RATE,
REV_RATE) is above THRESH and FWD_WEIGHT times the forward rate exceeds REV_WEIGHT times the
reverse rate, else to output 0.

Facts from Click's elements/standard/compblock.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('CompareBlock', '1/2', 'a/a',
    args=(
        Arg('FWD_WEIGHT', 'int', positional=True, required=True,
            doc='weight of the forward rate (FWD_RATE annotation, at least 1)'),
        Arg('REV_WEIGHT', 'int', positional=True, required=True,
            doc='weight of the reverse rate (REV_RATE annotation, at least 1)'),
        Arg('THRESH', 'int', positional=True, required=True,
            doc='a packet may go to output 1 only when a rate is above this'),
    ),
    handlers=(
        Handler('fwd_weight', write=True, doc='FWD_WEIGHT'),
        Handler('rev_weight', write=True, doc='REV_WEIGHT'),
    ),
    header_delta=0,
)
