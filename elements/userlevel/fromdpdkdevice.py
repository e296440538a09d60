"""FromDPDKDevice: Reads packets from a DPDK port (Intel's DPDK) and pushes them out.

Facts from Click's elements/userlevel/fromdpdkdevice.hh and .cc (port_count, processing,
configure, handlers) and FastClick's argument names (N_QUEUES).  clickc's C code is
elements/userlevel/fromdpdkdevice.c over runtime/io_dpdk.h; the EAL arguments come after
``--dpdk`` on the router's command line (docs/io.md).  Only routers that use a DPDK element
need DPDK (pkg-config libdpdk).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('FromDPDKDevice', '0/1', 'h/h',
    args=(
        Arg('PORT', 'word', positional=True, required=True,
            doc='port number, or device name (net_pcap0, a PCI address)'),
        Arg('QUEUE', 'int', positional=True, default=0, doc='receive queue'),
        Arg('N_QUEUES', 'int', default=1, doc='receive queues to configure on the port'),
        Arg('PROMISC', 'bool', default=True),
        Arg('BURST', 'unsigned', default=32),
        Arg('NDESC', 'unsigned', default=0, doc='descriptors per ring (0: 1024)'),
        Arg('ACTIVE', 'bool', default=True),
    ),
    handlers=(
        Handler('count'),
        Handler('reset_counts', read=False, write=True),
        Handler('active', write=True),
        Handler('device'),
        Handler('nb_rx_queues'),
        Handler('hw_count'),
        Handler('hw_bytes'),
        Handler('hw_dropped'),
        Handler('hw_errors'),
    ),
    schedulable='source',
    configure_phase=90,
    pkg_config=('libdpdk',),
    doc='Reads packets from a DPDK port and pushes them out.',
)
