"""Classifier: Sends each packet to the output of the first pattern (OFFSET/VALUE%MASK byte tests)
it matches.

Facts from Click's elements/standard/classifier.hh and .cc.
"""

import dataclasses

from clickc.classifier.element import element_hook
from clickc.elements.spec import ElementSpec, Handler


def classifier_spec(name: str, doc: str = "",
                    handlers: tuple[Handler, ...] = (Handler('program'),)) -> ElementSpec:
    """The spec of Classifier, IPFilter or IPClassifier (IPFilter and IPClassifier derive from
    Classifier in Click): one push input, an output per rule, the rules compiled at compile time
    by :func:`clickc.classifier.element.element_hook`."""
    return ElementSpec(name, '1/-', 'h/h',
        config='custom',
        custom_parser=element_hook,
        handlers=handlers,
        state='readonly',
        doc=doc,
    )


SPEC = dataclasses.replace(
    classifier_spec(name='Classifier'),
    order_free=True,
    header_delta=0,
)
