"""IPOutputCombo: DropBroadcasts, PaintTee, IPGWOptions, FixIPSrc, DecIPTTL and the MTU check in
one element: the output half of Click's fast IP router, with five outputs.

Facts from Click's elements/ip/ipoutputcombo.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IPOutputCombo', '1/5', 'h/h',
    args=(
        Arg('COLOR', 'byte', positional=True, required=True,
            doc='packets painted COLOR are copied to output 1 (a redirect)'),
        Arg('IPADDR', 'ip', positional=True, required=True,
            doc='this interface\'s address (record route, timestamps, FixIPSrc)'),
        Arg('MTU', 'unsigned', positional=True, required=True,
            doc='longer packets leave on output 4 (for a fragmenter)'),
    ),
    per_packet=True,
)
