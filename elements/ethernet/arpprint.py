"""ARPPrint: Prints a line for each ARP packet.

Facts from Click's elements/ethernet/arpprint.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('ARPPrint', '1/1', 'a/a',
    args=(
        Arg('LABEL', 'string', positional=True, default=''),
        Arg('TIMESTAMP', 'bool', default=True),
        Arg('ETHER', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('OUTFILE', 'filename'),
    ),
    handlers=(Handler('active', write=True),),
    shared_output=True,
)
