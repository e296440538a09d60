"""FastTCPFlows: Creates packets of FLOWS TCP flows very fast for benchmarks: a SYN, data
packets and a FIN per flow, each flow changing its ports every FLOWSIZE packets.

Facts from Click's elements/tcpudp/fasttcpflows.hh and .cc: FastUDPFlows' arguments without
CHECKSUM (the TCP checksums are always set), and its handlers.
"""

import dataclasses

from clickc.elements.spec import ElementSpec
from clickc.elements.tcpudp.fastudpflows import CLICK_ARGS, CLICK_HANDLERS

_DOCS = {
    'LIMIT': 'packets in all before the closing FINs (negative: no limit)',
    'LENGTH': 'bytes per packet, Ethernet header included (at least 60)',
    'FLOWSIZE': 'packets per flow, SYN and FIN included (at least 3)',
}

SPEC = ElementSpec('FastTCPFlows', '0/1', 'l/l',
    args=tuple(dataclasses.replace(a, type='unsigned' if a.name == 'LENGTH' else a.type,
                                   doc=_DOCS.get(a.name, a.doc))
               for a in CLICK_ARGS if a.name != 'CHECKSUM'),
    handlers=CLICK_HANDLERS,
    state='shared',
)
