"""RatedSplitter: Sends packets to output 0 at up to RATE packets per second, the excess to output
1.

Facts from Click's elements/standard/ratedsplitter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.elements.standard.ratedunqueue import burst_args, rate_args


def splitter_spec(name: str, bandwidth: bool, doc: str) -> ElementSpec:
    """The spec of RatedSplitter, or of BandwidthRatedSplitter (``bandwidth``): output 0 up to
    RATE, the excess to output 1 (:func:`~clickc.elements.standard.ratedunqueue.rate_args`)."""
    return ElementSpec(
        name=name,
        port_count='1/1-2',
        processing='h/h',
        flow_code='x/x',
        args=rate_args(bandwidth),
        handlers=(
            Handler('rate', write=True),
            Handler('config'),
        ),
        validate=burst_args,
        state='shared',
        doc=doc,
    )


SPEC = splitter_spec(
    name='RatedSplitter',
    bandwidth=False,
    doc=(
        'Sends packets to output 0 at up to RATE packets per second, the excess to output'
        ' 1.'
    ),
)
