"""EtherPauseSource: Emits Ethernet 802.3x PAUSE frames from SRC asking for PAUSETIME quanta:
one per pull, or one every INTERVAL when pushing.

Facts from Click's elements/ethernet/etherpausesource.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('EtherPauseSource', '0/1', 'a/a',
    args=(
        Arg('SRC', 'ether', positional=True, required=True,
            doc='source address (the sending device\'s)'),
        Arg('PAUSETIME', 'uint16', positional=True, required=True,
            doc='pause time in quanta of 512 bit times'),
        Arg('DST', 'ether', doc='destination (default 01:80:C2:00:00:01, the PAUSE multicast)'),
        Arg('LIMIT', 'int', default=-1, doc='frames in all (-1: no limit)'),
        Arg('ACTIVE', 'bool', default=True),
        Arg('INTERVAL', 'milliseconds', default=1000,
            doc='time between pushed frames (default 1 s)'),
    ),
    handlers=(
        Handler('count'),
        Handler('limit', write=True),
        Handler('active', write=True),
        Handler('src', write=True),
        Handler('dst', write=True),
        Handler('pausetime', write=True),
        Handler('reset_counts', read=False, write=True),
    ),
    schedulable='timer',
    state='shared',
)
