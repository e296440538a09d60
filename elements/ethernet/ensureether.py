"""EnsureEther: Makes sure every IP packet starts with an Ethernet header: keeps one that is
there, restores one that was stripped, or prepends a configured one.

Facts from Click's elements/ethernet/ensureether.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('EnsureEther', '1/1', 'a/a',
    args=(
        Arg('ETHERTYPE', 'ethertype', positional=True, default=0x0800,
            doc='type of a prepended header (default 0x0800)'),
        Arg('SRC', 'ether', positional=True, default=b'\x01' * 6,
            doc='source of a prepended header (default 01-01-01-01-01-01)'),
        Arg('DST', 'ether', positional=True, default=b'\x02' * 6,
            doc='destination of a prepended header (default 02-02-02-02-02-02)'),
    ),
    per_packet=True,
)
