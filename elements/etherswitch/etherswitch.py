"""EtherSwitch: A learning, forwarding Ethernet switch among the LANs of its port pairs.

Facts from Click's elements/etherswitch/etherswitch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('EtherSwitch', '2-/=', 'h/h', '#/[^#]',
    args=(Arg('TIMEOUT', 'seconds', default=300,
              doc='seconds an address stays bound to a port without traffic (0: a hub)'),),
    handlers=(
        Handler('table', doc='"ADDRESS PORT" per learned address'),
        Handler('timeout', write=True),
    ),
    state='shared',
    reads_timestamp=True,
    header_delta=0,
)
