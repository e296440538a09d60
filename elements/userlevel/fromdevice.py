"""FromDevice: Reads packets from a network device (pcap or Linux packet socket) and pushes them
out.

Facts from Click's elements/userlevel/fromdevice.hh and .cc.  clickc reads Linux interfaces with an
AF_PACKET TPACKET_V3 ring (METHOD LINUX, and PCAP, which is the same socket on Linux) or AF_XDP
(METHOD XDP, libxdp/libbpf); FANOUT, QUEUE and the kernel_packets handler are clickc's additions
(docs/io.md).
"""

from __future__ import annotations

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.ir import Element, RouterGraph

#: METHOD values FromDevice and ToDevice accept (Click's words; XDP is clickc's).
METHODS = ("LINUX", "PCAP", "XDP")


def check_method(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """FromDevice/ToDevice: METHOD is LINUX, PCAP or XDP (Click's configure rejects other
    words with "bad METHOD").  METHOD XDP makes the element's C code use AF_XDP
    (``#define CK_FD_USE_XDP`` in ``element.facts.c_code``) and the router link libxdp and
    libbpf through pkg-config (``element.facts.pkg_config``), so only routers that use XDP
    need those libraries."""
    method = str(args.get("METHOD") or "LINUX").upper()
    if method not in METHODS:
        ctx.error(f"bad METHOD {method!r}; expected LINUX, PCAP or XDP")
        return
    if method == "XDP":
        element.facts.c_code = "#define CK_FD_USE_XDP 1\n"
        element.facts.pkg_config = ("libxdp", "libbpf")


SPEC = ElementSpec('FromDevice', '0/1-2', 'h/h',
    args=(
        Arg('DEVNAME', 'word', positional=True, required=True),
        Arg('PROMISC', 'bool', positional=True, default=False),
        Arg('SNAPLEN', 'unsigned', positional=True, default=2046),
        Arg('SNIFFER', 'bool', default=True),
        Arg('FORCE_IP', 'bool', default=False),
        Arg('METHOD', 'word', doc='LINUX (AF_PACKET ring; the default), PCAP (the same on '
                                  'Linux) or XDP (AF_XDP)'),
        Arg('BPF_FILTER', 'string'),
        Arg('PROTOCOL', 'ethertype'),
        Arg('OUTBOUND', 'bool', default=False),
        Arg('HEADROOM', 'unsigned'),
        Arg('ENCAP', 'encap'),
        Arg('BURST', 'unsigned', default=1),
        Arg('TIMESTAMP', 'bool', default=True),
        Arg('FANOUT', 'bool', default=False,
            doc='clickc: join the PACKET_FANOUT_HASH group of this device (flows are shared '
                'among the FromDevice elements with FANOUT true)'),
        Arg('QUEUE', 'unsigned', default=0, doc='clickc: the device queue (METHOD XDP)'),
    ),
    handlers=(
        Handler('kernel_drops'),
        Handler('kernel_packets', doc='clickc: frames the kernel delivered to the socket'),
        Handler('encap'),
        Handler('count'),
        Handler('reset_counts', read=False, write=True),
    ),
    schedulable='source',
    configure_phase=89,
    validate=check_method,
    # the AF_PACKET socket and ring move to a FromDevice with the same socket settings; another
    # one on the same device takes the frames the old socket had received (docs/reconfiguration.md)
    hot=HotState(expose=('rx', 'count', 'sockkey', 'devname', 'outbound', 'held', 'held_tail',
                         'xsk'), take=True),
)
