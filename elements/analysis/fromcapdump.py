"""FromCapDump: Reads the TCP packet descriptors of a file from Mark Allman's 'cap' tool and
emits the corresponding TCP packets (headers only).

Facts from Click's elements/analysis/fromcapdump.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('FromCapDump', '0/1', 'a/a',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True,
            doc='the cap output (gzip or bzip2 data is decompressed; - is standard input)'),
        Arg('STOP', 'bool', default=False, doc='stop the router at the end of the file'),
        Arg('ACTIVE', 'bool', default=True, doc='emit packets (see the active handler)'),
        Arg('ZERO', 'bool', default=True,
            doc='zero the bytes the dump does not set (clickc zeroes them either way)'),
        Arg('CHECKSUM', 'bool', default=False, doc='set the IP and TCP checksums'),
        Arg('AGGREGATE', 'unsigned', default=1, doc='the aggregate annotation of every packet'),
        Arg('SAMPLE', 'fixed28', doc='probability of emitting each packet (default 1)'),
    ),
    handlers=(
        Handler('sampling_prob', doc='the sampling probability, as fixed-point arithmetic has it'),
        Handler('active', write=True),
        Handler('encap', doc='IP'),
        Handler('filesize', doc="the file's length in bytes, or - when not known"),
        Handler('filepos', doc='bytes of the file read so far'),
        Handler('stop', read=False, write=True, doc='set active false and stop the router'),
    ),
    schedulable='source',
    finite=True,
)
