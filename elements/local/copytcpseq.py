"""CopyTCPSeq: Copies TCP sequence numbers between paired packets.

Facts from Click's elements/local/copytcpseq.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='CopyTCPSeq',
    port_count='2/2',
    processing='a/a',
    flow_code='x/x',
    config='none',
    handlers=(
        Handler('reset', read=False, write=True),
    ),
    state='shared',
    doc='Copies TCP sequence numbers between paired packets.',
)
