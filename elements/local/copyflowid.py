"""CopyFlowID: Copies flow identifiers between paired packets.

Facts from Click's elements/local/copyflowid.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='CopyFlowID',
    port_count='2/2',
    processing='a/a',
    flow_code='x/x',
    config='none',
    handlers=(
        Handler('reset', read=False, write=True),
    ),
    state='shared',
    doc='Copies flow identifiers between paired packets.',
)
