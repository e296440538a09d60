"""AlignmentInfo: Declares the alignment of packet data at elements' inputs (used by click-align).

Facts from Click's elements/standard/alignmentinfo.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='AlignmentInfo',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:alignment_info',
    state='readonly',
    configure_phase=20,
    doc=("Declares the alignment of packet data at elements' inputs (used by click-align). "
         "clickc checks the declarations at compile time and does nothing at run time: "
         "packets start 8-byte aligned and element code reads headers with unaligned-safe "
         "loads."),
)
