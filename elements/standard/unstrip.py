"""Unstrip: Puts LENGTH bytes back on the front of each packet (undoes Strip).

Facts from Click's elements/standard/unstrip.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.standard.strip import length_spec

SPEC = length_spec(
    name='Unstrip',
    doc='Puts LENGTH bytes back on the front of each packet (undoes Strip).',
)
