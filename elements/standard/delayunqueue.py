"""DelayUnqueue: A task that pulls packets and pushes each out DELAY after its timestamp.

Facts from Click's elements/standard/delayunqueue.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('DelayUnqueue', '1/1', 'l/h',
    paced=True,
    args=(Arg('DELAY', 'time', positional=True, required=True,
              doc='time added to each packet\'s timestamp before it leaves'),),
    handlers=(Handler('delay', write=True, doc='DELAY as an interval ("expected time in '
                      'seconds")'),),
    schedulable='unqueue',
    state='shared',
    reads_timestamp=True,
    header_delta=0,
)
