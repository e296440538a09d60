"""SnoopTCP: The Snoop protocol (Balakrishnan et al.) for TCP over a wireless link: caches the
data a server sends to a mobile host, retransmits it locally on the mobile host's duplicate
acknowledgements and keeps those from the server.

Facts from Click's elements/tcpudp/snooptcp.hh and .cc.  Click's build leaves the class out (its
source requires 'false'; its initialization fails with "SnoopTCP is not ready to use");
clickc builds it from that source's design (docs/more-elements.md, "SnoopTCP").  The C file
is elements/tcpudp/snooptcp.c.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('SnoopTCP', '2/4', 'aa/aahh', 'xyz/xy',
    config='none',
    state='per-flow',
    header_delta=0,
)
