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
