"""PollDevice: Linux kernel driver device poller; clickc accepts it as a polling FromDevice for the
SMP Click paper's configurations.

Facts from Click's elements/linuxmodule/polldevice.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='PollDevice',
    port_count='0/1',
    processing='h/h',
    flow_code='x/x',
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
    schedulable='source',
    drivers=('linuxmodule',),
    configure_phase=100,
    doc=(
        'Linux kernel driver device poller; clickc accepts it as a polling FromDevice for'
        " the SMP Click paper's configurations."
    ),
)
