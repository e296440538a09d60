"""Hub: Copies every packet arriving on input i to every output except output i.

Facts from Click's elements/standard/hub.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('Hub', '-/=', 'h/h', '#/[^#]',
    config='none',
    per_packet=True,
    order_free=True,
    header_delta=0,
)
