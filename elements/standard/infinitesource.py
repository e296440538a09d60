"""InfiniteSource: A task that pushes copies of a given packet, up to LIMIT packets, BURST per run.

Facts from Click's elements/standard/infinitesource.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState, arg_size, limit_given

#: The packet InfiniteSource, RatedSource and TimedSource send when DATA is not given (the same
#: text in each Click class).
DATA_ARG = Arg('DATA', 'string', positional=True,
               default='Random bullshit in a packet, at least 64 bytes long. Well, now it is.')

#: InfiniteSource's and RatedSource's LENGTH, DATASIZE and STOP keywords (read alike by both
#: Click classes).
SIZE_ARGS = (
    Arg('LENGTH', 'int', default=-1),
    Arg('DATASIZE', 'int', default=-1),
    Arg('STOP', 'bool', default=False),
)

SPEC = ElementSpec('InfiniteSource', '0/1', 'a/a',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 1.9 cycles/packet
    cost=2.0,
    args=(
        DATA_ARG,
        Arg('LIMIT', 'int', positional=True, default=-1),
        Arg('BURST', 'int', positional=True, default=1),
        Arg('ACTIVE', 'bool', positional=True, default=True),
        Arg('TIMESTAMP', 'bool', default=True),
        *SIZE_ARGS,
        Arg('END_CALL', 'handler'),
    ),
    handlers=(
        Handler('data', write=True),
        Handler('limit', write=True),
        Handler('burst', write=True),
        Handler('active', write=True),
        Handler('reset', read=False, write=True),
        Handler('length', write=True),
        Handler('burstsize', write=True),
        Handler('datasize', write=True),
        Handler('count'),
    ),
    schedulable='source',
    nonfull_signal=True,
    # in pull context an empty notifier: inactive while not ACTIVE or at LIMIT
    # (infinitesource.c's ELEM(empty); Click's InfiniteSource::pull)
    empty_notifier=True,
    finite=limit_given,
    burst=arg_size('BURST'),
    state='counters',
    click_flags='S1',
    # at the same configuration: count, LIMIT, ACTIVE continue (docs/reconfiguration.md)
    hot=HotState(expose=('count', 'limit', 'active', 'ended'), take=True),
)
