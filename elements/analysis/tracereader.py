"""The arguments and handlers the text trace readers share (FromTcpdump, FromCapDump): Click's
FromTcpdump and FromCapDump configure the same keywords and register the same handlers
(elements/analysis/fromtcpdump.cc, fromcapdump.cc); their C files share them through
standard/ckfromfile_handlers.h."""

from clickc.elements.spec import Arg, Handler


def trace_args(what: str, *extra: Arg) -> tuple[Arg, ...]:
    """FILENAME (``what`` names the file's contents), STOP, ACTIVE, ZERO, CHECKSUM, the
    reader's ``extra`` arguments, then SAMPLE."""
    return (
        Arg('FILENAME', 'filename', positional=True, required=True,
            doc=f'{what} (gzip or bzip2 data is decompressed; - is standard input)'),
        Arg('STOP', 'bool', default=False, doc='stop the router at the end of the file'),
        Arg('ACTIVE', 'bool', default=True, doc='emit packets (see the active handler)'),
        Arg('ZERO', 'bool', default=True,
            doc='zero the bytes the dump does not set (clickc zeroes them either way)'),
        Arg('CHECKSUM', 'bool', default=False, doc='set the IP, TCP and UDP checksums'),
        *extra,
        Arg('SAMPLE', 'fixed28', doc='probability of emitting each packet (default 1)'),
    )


#: sampling_prob, active, encap, filesize, filepos, stop.
TRACE_HANDLERS = (
    Handler('sampling_prob', doc='the sampling probability, as fixed-point arithmetic has it'),
    Handler('active', write=True),
    Handler('encap', doc='IP'),
    Handler('filesize', doc="the file's length in bytes, or - when not known"),
    Handler('filepos', doc='bytes of the dump read so far'),
    Handler('stop', read=False, write=True, doc='set active false and stop the router'),
)


def window_args() -> tuple[Arg, ...]:
    """The time window of the cell trace readers (FromNLANRDump, FromDAGDump; FromDump's in
    Click): START, START_AFTER, END, END_AFTER, INTERVAL and END_CALL."""
    return (
        Arg('START', 'time', doc='absolute time of the first packet emitted'),
        Arg('START_AFTER', 'time', doc='skip this long after the first record'),
        Arg('END', 'time', doc='absolute time at which to end'),
        Arg('END_AFTER', 'time', doc='end this long after the first record'),
        Arg('INTERVAL', 'time', doc='end this long after the first packet emitted'),
        Arg('END_CALL', 'handler', doc='write handler called at the end (default: the '
            "element's active false, or stop with STOP)"),
    )


def cell_reader_handlers(encap_doc: str, *extra: Handler) -> tuple[Handler, ...]:
    """The handlers of the cell trace readers (FromNLANRDump, FromDAGDump): sampling_prob,
    active, encap (documented by ``encap_doc``), filename, filesize, filepos, the reader's
    ``extra`` handlers, stop and extend_interval."""
    return (
        Handler('sampling_prob', doc='the sampling probability, as fixed-point arithmetic has it'),
        Handler('active', write=True),
        Handler('encap', doc=encap_doc),
        Handler('filename', doc='FILENAME'),
        Handler('filesize', doc="the file's length in bytes, or - when not known"),
        Handler('filepos', doc='bytes of the trace read so far'),
        *extra,
        Handler('stop', read=False, write=True, doc='set active false and stop the router'),
        Handler('extend_interval', read=False, write=True,
                doc='a time: END moves that much later, and the element becomes active'),
    )
