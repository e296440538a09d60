"""StrideSwitch: Sends packets to outputs in proportion to their ticket counts (stride scheduling).

Facts from Click's elements/standard/strideswitch.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.stridesched import stride_spec

SPEC = dataclasses.replace(
    stride_spec(name='StrideSwitch', pull=False),
    spreader=True,
    header_delta=0,
    click_flags='S0',
)
