"""RandomSample: Passes a random sample of packets with probability P; the others go to output 1 or
are dropped.

Facts from Click's elements/standard/randomsample.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='RandomSample',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    args=(
        Arg('P', 'fixed28', positional=True),
        Arg('SAMPLE', 'fixed28'),
        Arg('DROP', 'fixed28'),
        Arg('ACTIVE', 'bool', default=True),
    ),
    handlers=(
        Handler('sampling_prob', write=True),
        Handler('drop_prob', write=True),
        Handler('config'),
        Handler('active', write=True),
        Handler('drops'),
    ),
    validate='clickc.elements.parsers:sampling_probability',
    state='counters',
    concurrency='drop count, probability and ACTIVE in relaxed atomics (CK_STAT)',
    doc=(
        'Passes a random sample of packets with probability P; the others go to output 1 '
        'or are dropped.'
    ),
)
