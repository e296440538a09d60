"""FromDump: Reads packets from a pcap (tcpdump) file and pushes them out, optionally keeping their
original timing.

Facts from Click's elements/userlevel/fromdump.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState, arg_size

SPEC = ElementSpec('FromDump', '0/1-2', 'a/ah',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True),
        Arg('TIMING', 'bool', positional=True, default=False),
        Arg('STOP', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('SAMPLE', 'fixed28'),
        Arg('FORCE_IP', 'bool', default=False),
        Arg('START', 'time'),
        Arg('START_AFTER', 'time'),
        Arg('END', 'time'),
        Arg('END_AFTER', 'time'),
        Arg('INTERVAL', 'time'),
        Arg('END_CALL', 'handler'),
        Arg('FILEPOS', 'unsigned64'),
        Arg('MMAP', 'bool', default=True,
            doc='map a regular file into memory (as Click does) and copy each record from '
                'the mapping: no system call or stdio copy per packet (runtime/pcapfile.c); '
                'records appended after the file was opened are read through stdio.  False: '
                'read through stdio only'),
        Arg('BURST', 'unsigned', default=1,
            doc='packets read and pushed per task run (FastClick\'s keyword; Click reads '
                'one); a burst crosses a vector region as one vector (docs/batching.md)'),
    ),
    handlers=(
        Handler('sampling_prob'),
        Handler('active', write=True),
        Handler('count'),
        Handler('packet_filepos'),
        Handler('filename'),
        Handler('encap'),
        Handler('stop', read=False, write=True),
        Handler('extend_interval', read=False, write=True),
        Handler('reset_counts', read=False, write=True),
        Handler('reset_timing', read=False, write=True),
    ),
    schedulable='source',
    finite=True,
    burst=arg_size('BURST'),
    # the same FILENAME goes on where it was: file, position, held packet, count
    hot=HotState(expose=('filename', 'pcap', 'file', 'held', 'reader', 'filepos', 'classic',
                         'dlt', 'count', 'at_eof', 'timing_offset', 'have_timing_offset'),
                 take=True),
)
