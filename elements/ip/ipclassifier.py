"""IPClassifier: Sends each IP packet to the output of the first tcpdump-like expression it
matches.

Facts from Click's elements/ip/ipclassifier.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Handler
from clickc.elements.standard.classifier import classifier_spec

SPEC = classifier_spec(
    name='IPClassifier',
    handlers=(
        Handler('pattern', write=True),
        Handler('program'),
    ),
    doc=(
        'Sends each IP packet to the output of the first tcpdump-like expression it '
        'matches.'
    ),
)
