"""ListenEtherSwitch: EtherSwitch with one more output, the listen port, which gets a copy of
every packet received.

Facts from Click's elements/etherswitch/listenetherswitch.hh and .cc.
"""

import dataclasses

from clickc.elements.etherswitch.etherswitch import SPEC as ETHERSWITCH

SPEC = dataclasses.replace(ETHERSWITCH, name='ListenEtherSwitch', port_count='-/=+', doc='')
