"""The spec shared by the header-checking elements (CheckIPHeader, CheckIPHeader2,
CheckICMPHeader, CheckTCPHeader, CheckUDPHeader), the Python side of their shared C
(elements/ip/ckcheckdrop.h): one input, output 0 for good packets and an optional push output 1
for bad ones, the VERBOSE and DETAILS keywords, the ``drops`` and ``drop_details`` counters.
Facts from Click's elements/ip/checkipheader.cc, elements/icmp/checkicmpheader.cc and
elements/tcpudp/check{tcp,udp}header.cc (configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

#: The keywords every checker ends with (Click's configure): print every failure, keep the
#: per-reason counts of ``drop_details``.
REPORT_ARGS = (
    Arg('VERBOSE', 'bool', default=False),
    Arg('DETAILS', 'bool', default=False),
)

#: The counters' handlers, in the order CheckICMPHeader, CheckTCPHeader and CheckUDPHeader add
#: them (CheckIPHeader adds ``drop_details`` first).
DROP_HANDLERS = (
    Handler('drops'),
    Handler('drop_details'),
)


def checker_spec(name: str, doc: str = "", *, args: tuple[Arg, ...] = REPORT_ARGS,
                 handlers: tuple[Handler, ...] = DROP_HANDLERS,
                 per_packet: bool = False, checks_transport: bool = False) -> ElementSpec:
    """The spec of the header checker ``name``: ports ``1/1-2``, agnostic input and output 0,
    push output 1; per-thread-safe drop counters (ckcheckdrop.h).  A checker only reads the
    headers (``header_delta`` 0); ``checks_transport``: it checks a TCP or UDP header
    (``ElementSpec.checks_transport``)."""
    return ElementSpec(name, '1/1-2', 'a/ah',
        args=args,
        handlers=handlers,
        state='counters',
        concurrency='atomic',
        concurrency_note=('drop counters are relaxed atomics; the first-failure message is '
                          'printed once'),
        per_packet=per_packet,
        doc=doc,
        header_delta=0,
        checks_transport=checks_transport,
    )
