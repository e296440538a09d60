"""MultiReplayUnqueue: Loads every packet of its inputs into memory, then pushes copies of
them out, each to the output of the input it came from, loop after loop, STOP times
(FastClick's replay element, pull to push).

Facts from FastClick's elements/analysis/multireplay.hh and .cc (the class is FastClick's, with its
names and arguments; docs/more-elements.md, "FastClick's measurement elements").
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('MultiReplayUnqueue', '1-/=', 'l/h', '#/#',
    args=(Arg('STOP', 'int', default=-1,
              doc='loops to replay (negative: without end); the router stops after the last'),
          Arg('STOP_TIME', 'int', default=0,
              doc='seconds: if positive, also stop once a loop ends this long after the '
                  'first packet was sent'),
          Arg('QUICK_CLONE', 'bool', default=False,
              doc="accepted (FastClick's DPDK-buffer clones; clickc's clones share the data)"),
          Arg('BURST', 'unsigned', default=64, doc='packets pushed per task run'),
          Arg('VERBOSE', 'bool', default=False, doc='report each loop'),
          Arg('FREEONTERMINATE', 'bool', default=True,
              doc='false: the last loop pushes the loaded packets themselves, not copies'),
          Arg('LIMIT', 'int', default=-1,
              doc='load at most LIMIT packets (negative: all)'),
          Arg('ACTIVE', 'bool', default=True, doc='start active'),
          Arg('USE_SIGNAL', 'bool', default=False,
              doc="accepted: loading stops at the first input that gives no packet")),
    handlers=(
        Handler('active', write=True, doc='replaying (a write also restarts the timing)'),
        Handler('reset', read=False, write=True,
                doc='free the loaded packets: the next run loads the inputs again'),
        Handler('loaded', doc='whether the packets are loaded'),
        Handler('stop', write=True, doc='loops left (negative: without end)'),
    ),
    schedulable='unqueue',
    state='shared',
    header_delta=0,
)
