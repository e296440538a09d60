"""What FastClick's Replay, ReplayUnqueue and MultiReplayUnqueue share (FastClick's ReplayBase,
elements/analysis/replay.hh and .cc): the arguments ReplayBase::parse reads and the handlers
ReplayBase::add_handlers adds.  Not an element class: the three specs import these."""

from clickc.elements.spec import Arg, Handler

#: ReplayBase's arguments, in FastClick's order.
REPLAY_ARGS: tuple[Arg, ...] = (
    Arg('STOP', 'int', default=-1,
        doc='loops to replay (negative: without end); the router stops after the last'),
    Arg('STOP_TIME', 'int', default=0,
        doc='seconds: if positive, also stop once a loop ends this long after the first '
            'packet was sent'),
    Arg('QUICK_CLONE', 'bool', default=False,
        doc="accepted (FastClick's DPDK-buffer clones; clickc's clones share the data)"),
    Arg('BURST', 'unsigned', default=64, doc='packets sent per task run'),
    Arg('VERBOSE', 'bool', default=False, doc='report each loop'),
    Arg('FREEONTERMINATE', 'bool', default=True,
        doc='false: the last loop sends the loaded packets themselves, not copies'),
    Arg('LIMIT', 'int', default=-1, doc='load at most LIMIT packets (negative: all)'),
    Arg('ACTIVE', 'bool', default=True, doc='start active'),
)

#: USE_SIGNAL, which each class reads after its own arguments.
USE_SIGNAL = Arg('USE_SIGNAL', 'bool', default=False,
                 doc="accepted: loading stops at the first input that gives no packet")

#: ReplayBase's handlers.
REPLAY_HANDLERS: tuple[Handler, ...] = (
    Handler('active', write=True, doc='replaying (a write also restarts the timing)'),
    Handler('reset', read=False, write=True,
            doc='free the loaded packets: the next run loads the inputs again'),
    Handler('loaded', doc='whether the packets are loaded'),
    Handler('stop', write=True, doc='loops left (negative: without end)'),
)
