"""IPFilter: Allows or drops IP packets (or sends them to an output) by the first matching tcpdump-
like rule.

Facts from Click's elements/ip/ipfilter.hh and .cc.
"""

import dataclasses

from clickc.elements.standard.classifier import classifier_spec

SPEC = dataclasses.replace(
    classifier_spec(
        name='IPFilter',
        doc=(
            'Allows or drops IP packets (or sends them to an output) by the first matching '
            'tcpdump-like rule.'
        ),
    ),
    order_free=True,
    header_delta=0,
    ip_rules=True,
)
