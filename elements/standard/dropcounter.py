"""The spec shape of the issue-19 classes that pass packets on unchanged in place and count the
ones they drop in a ``drops`` handler kept as a relaxed atomic (MarkIPCE, CheckCRC32,
CheckARPHeader, IPInputCombo; their C files use standard/ckstat.h).  No element class of its
own."""

from clickc.elements.spec import Arg, ElementSpec, Handler


def drop_counter_spec(name: str, port_count: str, processing: str, *,
                      args: tuple[Arg, ...] = (), handlers: tuple[Handler, ...] = (),
                      drops_doc: str, note: str = 'the drops counter is a relaxed atomic',
                      ip_header: str | None = None) -> ElementSpec:
    """``name``'s spec: its ports, ``args`` (none: ``config='none'``), a read-only ``drops``
    handler documented by ``drops_doc`` then ``handlers``; state ``counters`` under relaxed
    atomics (``note`` says which), per packet, order free, headers in place."""
    return ElementSpec(name, port_count, processing,
        args=args,
        config='args' if args else 'none',
        handlers=(Handler('drops', doc=drops_doc), *handlers),
        state='counters',
        concurrency='atomic',
        concurrency_note=note,
        per_packet=True,
        order_free=True,
        header_delta=0,
        ip_header=ip_header,
    )
