"""ClickyInfo: Carries style sheets for the Clicky GUI; no packet processing.

Facts from Click's elements/standard/clickyinfo.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='ClickyInfo',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    doc='Carries style sheets for the Clicky GUI; no packet processing.',
)
