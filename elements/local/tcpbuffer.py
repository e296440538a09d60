"""TCPBuffer: Reorders TCP segments by sequence number.

Facts from Click's elements/local/tcpbuffer.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('TCPBuffer', '1/1', 'h/l',
    args=(Arg('SKIP', 'bool', positional=True, default=False),),
    state='shared',
)
