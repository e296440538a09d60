"""UMLSwitch: Exchanges packets with a User Mode Linux switch daemon (uml_switch) over its
Unix datagram sockets.

Facts from Click's elements/userlevel/umlswitch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('UMLSwitch', '0-1/0-1', 'l/h', 'x/y',
    args=(
        Arg('PATH', 'filename', positional=True, default='/tmp/uml.ctl',
            doc="the switch's control socket"),
    ),
    schedulable='source',
    state='shared',
    concurrency='one-thread',
    concurrency_note='one task reads and writes the data socket',
    click_flags='S3',
)
