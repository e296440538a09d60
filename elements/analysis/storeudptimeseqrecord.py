"""StoreUDPTimeSeqRecord: Writes a sequence number and the current time (or, with DELTA, the
time since the recorded one) into the first 20 bytes of a UDP payload and patches the UDP
checksum, for measuring end-to-end delays.

Facts from Click's elements/analysis/storeudptimeseqrecord.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('StoreUDPTimeSeqRecord', '1/1', 'a/a',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, required=True,
            doc='bytes from the start of the data to the IPv4 or IPv6 header (14 after Ethernet)'),
        Arg('DELTA', 'bool', default=False,
            doc='false: record sequence number and time; true: record the time elapsed since'),
    ),
    handlers=(
        Handler('count', doc='packets recorded (the last sequence number)'),
        Handler('reset', read=False, write=True, doc='sequence numbers start again from 1'),
    ),
    state='counters',
    header_delta=0,
)
