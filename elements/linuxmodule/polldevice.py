"""PollDevice: Linux kernel driver device poller; clickc accepts it as a polling FromDevice for the
SMP Click paper's configurations.

Facts from Click's elements/linuxmodule/polldevice.hh and .cc.  In a clickc router (a user-level
program) PollDevice reads the device as FromDevice METHOD LINUX does: an AF_PACKET TPACKET_V3 ring
polled by its task, BURST frames per run (elements/linuxmodule/polldevice.c, docs/io.md).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('PollDevice', '0/1', 'h/h',
    args=(
        Arg('DEVNAME', 'word', positional=True, required=True),
        Arg('BURST', 'unsigned', positional=True, default=8),
        Arg('HEADROOM', 'unsigned'),
        Arg('LENGTH', 'unsigned'),
        Arg('PROMISC', 'bool', default=False),
        Arg('TIMESTAMP', 'bool', default=True),
        Arg('ALLOW_NONEXISTENT', 'bool', default=False),
        Arg('QUIET', 'bool', default=False),
        Arg('UP_CALL', 'handler'),
        Arg('DOWN_CALL', 'handler'),
    ),
    handlers=(
        Handler('count'),
        Handler('packets'),
        Handler('calls'),
        Handler('reset_counts', read=False, write=True),
    ),
    schedulable='source',
    drivers=('linuxmodule',),
    configure_phase=100,
)
