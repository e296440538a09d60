"""IPInputCombo: Paint, Strip(14), CheckIPHeader and GetIPAddress(16) in one element: the input
half of Click's fast IP router.

Facts from Click's elements/ip/ipinputcombo.hh and .cc.
"""

from clickc.elements.spec import Arg
from clickc.elements.standard.dropcounter import drop_counter_spec

SPEC = drop_counter_spec('IPInputCombo', '1/1', 'a/a',
    args=(
        Arg('COLOR', 'byte', positional=True, required=True, doc='paint annotation value'),
        Arg('BADSRC', 'ip list', positional=True,
            doc='source addresses refused unless the destination is in GOODDST'),
        Arg('INTERFACES', 'interfaces',
            doc='ADDR/MASK of each interface: their broadcast addresses are bad sources and '
                'their addresses good destinations'),
        Arg('GOODDST', 'ip list', doc='destinations that make a bad source acceptable'),
    ),
    drops_doc='packets dropped by the IP header check',
    ip_header='marks',
)
