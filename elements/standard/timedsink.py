"""TimedSink: Pulls one packet every INTERVAL and drops it.

Facts from Click's elements/standard/timedsink.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('TimedSink', '1/0', 'l/l',
    args=(Arg('INTERVAL', 'time', positional=True, default=0.5),),
    handlers=(Handler('interval', write=True),),
    schedulable='timer',
)
