"""DebugBridge: Prints each packet as an IEEE 802.1D bridge protocol message, after LABEL, and
passes it on.

Facts from Click's elements/etherswitch/debugbridge.hh and .cc and bridgemessage.cc (the
message's text form).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('DebugBridge', '1/1', 'a/a',
    args=(Arg('LABEL', 'string', positional=True, required=True,
              doc='text at the start of each line'),),
    shared_output=True,
    header_delta=0,
)
