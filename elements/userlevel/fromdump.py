"""FromDump: Reads packets from a pcap (tcpdump) file and pushes them out, optionally keeping their
original timing.

Facts from Click's elements/userlevel/fromdump.hh and .cc.
"""

from clickc.elements.spec import (
    Arg,
    Configured,
    ElementSpec,
    Handler,
    HotState,
    arg_size,
    truthy,
)

#: Arguments that keep a FromDump from being sharded: each copy would pace, sample, start or
#: end on its own, or it is sharded already.
_UNSHARDABLE = ("TIMING", "SAMPLE", "START", "START_AFTER", "END", "END_AFTER", "INTERVAL",
                "FILEPOS", "SHARDS")


def shard_refusal(e: Configured) -> str | None:
    """Why FromDump instance ``e`` cannot be one copy per thread (``ElementSpec.shardable``):
    TIMING true, or one of SAMPLE, START, START_AFTER, END, END_AFTER, INTERVAL, FILEPOS or
    SHARDS given; None when it can."""
    args = e.args or {}
    for name in _UNSHARDABLE:
        v = args.get(name)
        if v is not None and (name != "TIMING" or truthy(v)) and (name != "SHARDS" or v != 1):
            return f"{name} is set"
    return None


SPEC = ElementSpec('FromDump', '0/1-2', 'a/ah',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 90 cycles/packet on 64-byte frames, 85-125 on ndpi-gnutella (164 bytes on
    # average), 260-470 on tcpdump-afs's 870-byte packets: the copy grows with the packet;
    # the prior is the small packets' figure (a profile has the router's own)
    cost=90.0,
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
        Arg('SHARD', 'unsigned', default=0,
            doc='with SHARDS N: emit only the records that HashSwitch(SHARD_OFFSET, '
                'SHARD_LENGTH) with N outputs sends to output SHARD (clickc\'s keyword; '
                'flow-split makes one copy per thread of a file source, docs/passes.md '
                '"Sharded file sources"); the other records\' headers and key bytes are '
                'read, nothing else'),
        Arg('SHARDS', 'unsigned', default=1,
            doc='the number of copies sharing the file (1: all records).  The copies with the '
                'same FILENAME, SHARDS, SHARD_OFFSET and SHARD_LENGTH are one group: END_CALL '
                'or STOP runs once, when the last of them reaches the end.  Not with TIMING, '
                'SAMPLE or a time window'),
        Arg('SHARD_OFFSET', 'unsigned', default=0,
            doc='offset of the flow key in the record\'s bytes (from its link header)'),
        Arg('SHARD_LENGTH', 'unsigned', default=0,
            doc='length of the flow key, 1 to 64 bytes (required with SHARDS)'),
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
    shardable=shard_refusal,
    # the same FILENAME goes on where it was: file, position, held packet, count
    hot=HotState(expose=('filename', 'pcap', 'file', 'held', 'reader', 'filepos', 'classic',
                         'dlt', 'count', 'at_eof', 'timing_offset', 'have_timing_offset'),
                 take=True),
)
