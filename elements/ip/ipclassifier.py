"""IPClassifier: Sends each IP packet to the output of the first tcpdump-like expression it
matches.

Facts from Click's elements/ip/ipclassifier.hh and .cc.
"""

import dataclasses

from clickc.elements.spec import Handler
from clickc.elements.standard.classifier import classifier_spec

SPEC = dataclasses.replace(
    classifier_spec(
        name='IPClassifier',
        handlers=(
            Handler('pattern', write=True, c_missing=('read', 'write')),
            Handler('program'),
        ),
    ),
    order_free=True,
    header_delta=0,
    ip_rules=True,
)
