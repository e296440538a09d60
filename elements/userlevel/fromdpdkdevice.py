"""FromDPDKDevice: Reads packets from a DPDK port (Intel's DPDK) and pushes them out.

Facts from Click's elements/userlevel/fromdpdkdevice.hh and .cc (port_count, processing,
configure, handlers) and FastClick's argument names (N_QUEUES).  clickc's C code is
elements/userlevel/fromdpdkdevice.c over runtime/io_dpdk.h; the EAL arguments come after
``--dpdk`` on the router's command line (docs/io.md).  Only routers that use a DPDK element
need DPDK (pkg-config libdpdk).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState, arg_size


def port_args(direction: str) -> tuple[Arg, ...]:
    """The DPDK port and queue arguments FromDPDKDevice (``direction`` ``"receive"``) and
    ToDPDKDevice (``"transmit"``) start with: PORT, QUEUE, N_QUEUES."""
    return (
        Arg('PORT', 'word', positional=True, required=True,
            doc='port number, or device name (net_pcap0, a PCI address)'),
        Arg('QUEUE', 'int', positional=True, default=0, doc=f'{direction} queue'),
        Arg('N_QUEUES', 'int', default=1, doc=f'{direction} queues to configure on the port'),
    )


#: The ring size argument of both DPDK device classes.
NDESC_ARG = Arg('NDESC', 'unsigned', default=0, doc='descriptors per ring (0: 1024)')

SPEC = ElementSpec('FromDPDKDevice', '0/1', 'h/h',
    args=(
        *port_args('receive'),
        Arg('PROMISC', 'bool', default=True),
        Arg('BURST', 'unsigned', default=32),
        NDESC_ARG,
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
    burst=arg_size('BURST'),
    configure_phase=90,
    pkg_config=('libdpdk',),
    # the port, its queues and what waits in its receive rings stay in the process across a
    # hot swap (runtime/io_dpdk_state.h); the count continues on the same port and queue
    # (docs/reconfiguration.md)
    hot=HotState(key=('port', 'queue'), keyed=('count',)),
    doc='Reads packets from a DPDK port and pushes them out.',
)
