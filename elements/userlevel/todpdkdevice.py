"""ToDPDKDevice: Sends packets to a DPDK port (Intel's DPDK).

Facts from Click's elements/userlevel/todpdkdevice.hh and .cc (port_count, processing,
configure, handlers) and FastClick's argument names (N_QUEUES).  Push input: packets wait in
an internal queue of IQUEUE packets and leave in bursts of BURST, or after TIMEOUT
milliseconds (0: after the current scheduling round; negative: only full bursts).  clickc's
C code is elements/userlevel/todpdkdevice.c over runtime/io_dpdk.h (docs/io.md).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.elements.userlevel.fromdpdkdevice import NDESC_ARG, port_args

SPEC = ElementSpec('ToDPDKDevice', '1/0', 'h/h',
    args=(
        *port_args('transmit'),
        Arg('IQUEUE', 'unsigned', default=1024),
        Arg('BLOCKING', 'bool', default=True),
        Arg('BURST', 'unsigned', default=32),
        Arg('TIMEOUT', 'int', default=0, doc='milliseconds before a partial burst leaves'),
        NDESC_ARG,
    ),
    handlers=(
        Handler('count'),
        Handler('dropped'),
        Handler('reset_counts', read=False, write=True),
        Handler('hw_count'),
        Handler('hw_bytes'),
        Handler('hw_errors'),
    ),
    schedulable='timer',
    # The internal queue is one per element: pushes from several threads would race on it,
    # so clickc refuses such a placement (docs/concurrency.md) until it has per-thread queues.
    state='shared',
    configure_phase=90,
    pkg_config=('libdpdk',),
    # the port stays open in the process across a hot swap; the counts continue on the same port
    # and queue, where the internal queue's mbufs move too (docs/reconfiguration.md)
    hot=HotState(key=('port', 'queue'), keyed=('count', 'dropped'), expose=('iq', 'iq_len'),
                 take=True),
    doc='Sends packets to a DPDK port.',
)
