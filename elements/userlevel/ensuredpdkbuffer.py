"""EnsureDPDKBuffer: Makes sure each packet's data lives in a DPDK mbuf, copying it into a new
one from the router's mbuf pool when it does not (or always, with FORCE_COPY).

Facts from Click's (FastClick's) elements/userlevel/ensuredpdkbuffer.hh and .cc.  clickc's
mbuf-backed packets are those of zero-copy DPDK receive (docs/io.md, "Zero-copy DPDK").
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """EnsureDPDKBuffer::configure's check: FORCE_COPY and FAIL exclude each other."""
    del graph, element
    if args.get('FORCE_COPY') and args.get('FAIL'):
        ctx.error("You cannot have both FORCE_COPY and FAIL at the same time")


SPEC = ElementSpec('EnsureDPDKBuffer', '1/1', 'a/a',
    args=(
        Arg('FORCE_COPY', 'bool', positional=True, default=False,
            doc='copy every packet into a new mbuf, even one already in an mbuf'),
        Arg('EXTRA_HEADROOM', 'int', positional=True, default=0,
            doc='bytes of headroom added to the mbuf\'s own when copying'),
        Arg('FAIL', 'bool', default=False,
            doc='drop a packet that is not in an mbuf instead of copying it'),
    ),
    validate=check,
    state='counters',
    concurrency='atomic',
    concurrency_note='the count of warnings printed is an atomic; the mbuf pool is DPDK\'s',
    configure_phase=93,
    pkg_config=('libdpdk',),
    header_delta=0,
)
