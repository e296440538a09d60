"""RatedSplitter: Sends packets to output 0 at up to RATE packets per second, the excess to output
1.

Facts from Click's elements/standard/ratedsplitter.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler, HotState
from clickc.elements.standard.ratedunqueue import burst_args, rate_args


def splitter_spec(name: str, bandwidth: bool, doc: str = "") -> ElementSpec:
    """The spec of RatedSplitter, or of BandwidthRatedSplitter (``bandwidth``): output 0 up to
    RATE, the excess to output 1 (:func:`~clickc.elements.standard.ratedunqueue.rate_args`)."""
    return ElementSpec(name, '1/1-2', 'h/h',
        args=rate_args(bandwidth),
        handlers=(
            Handler('rate', write=True),
            Handler('config'),
        ),
        validate=burst_args,
        state='shared',
        doc=doc,
        # the token bucket continues at the same rate (docs/reconfiguration.md)
        hot=HotState(expose=('tb',), take=True),
    )


SPEC = splitter_spec(name='RatedSplitter', bandwidth=False)
