"""AnnotationInfo: Defines names for packet annotations usable in other elements'
configurations.

Facts from Click's elements/standard/annotationinfo.hh and .cc.  Each argument is ``NAME OFFSET
[SIZE]`` (``clickc.args.define_annotationinfo_arg``) or ``CHECK_OVERLAP ANNO...``
(``clickc.args.check_annotation_overlap``); the names are resolved at compile time by
``clickc.args.collect_addressinfo``, as AddressInfo's, wherever an argument takes an annotation.
"""

from clickc.args import define_annotationinfo_arg
from clickc.elements.spec import ElementSpec
from clickc.elements.standard.addressinfo import name_definer

SPEC = ElementSpec('AnnotationInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=name_definer(define_annotationinfo_arg),
    state='readonly',
    configure_phase=0,
)
