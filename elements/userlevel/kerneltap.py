"""KernelTap: Exchanges Ethernet frames with the host through a tap device.

Facts from Click's elements/userlevel/kerneltap.hh and .cc.
"""

import dataclasses

from clickc.elements.userlevel.kerneltun import tun_spec

SPEC = dataclasses.replace(
    tun_spec(name='KernelTap', tap=True),
    click_flags='S3',
)
