"""CopyTCPSeq: Copies TCP sequence numbers between paired packets.

Facts from Click's elements/local/copytcpseq.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('CopyTCPSeq', '2/2', 'a/a',
    config='none',
    handlers=(Handler('reset', read=False, write=True),),
    state='shared',
)
