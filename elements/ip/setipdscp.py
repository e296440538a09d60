"""SetIPDSCP: Sets the DSCP field of the IP header and updates the checksum.

Facts from Click's elements/ip/setipdscp.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('SetIPDSCP', '1/1', 'a/a',
    args=(Arg('DSCP', 'dscp', positional=True, required=True),),
    handlers=(Handler('dscp', write=True),),
    header_delta=0,
)
