"""KernelTun: Exchanges IP packets with the host through a tun device.

Facts from Click's elements/userlevel/kerneltun.hh and .cc.
"""

import dataclasses

from clickc.elements.spec import Arg, ElementSpec, Handler


def tun_spec(name: str, tap: bool, doc: str = "") -> ElementSpec:
    """The spec of KernelTun, or of KernelTap (``tap=True``): Click's KernelTap is a KernelTun
    whose ``TAP`` argument defaults to true (elements/userlevel/kerneltap.hh); everything else
    is shared."""
    return ElementSpec(name, '0-1/1-2', 'a/h', 'x/y',
        args=(
            Arg('ADDR', 'ipprefix', positional=True, required=True),
            Arg('GATEWAY', 'ip', positional=True),
            Arg('TAP', 'bool', default=tap),
            Arg('HEADROOM', 'unsigned'),
            Arg('BURST', 'unsigned', default=1),
            Arg('ETHER', 'ether'),
            Arg('IGNORE_QUEUE_OVERFLOWS', 'bool', default=False),
            Arg('MTU', 'int'),
            Arg('DEV_NAME', 'string', deprecated=True),
            Arg('DEVNAME', 'string'),
        ),
        handlers=(
            Handler('dev_name'),
            Handler('selected_calls'),
            Handler('packets'),
        ),
        schedulable='source',
        configure_phase=89,
        doc=doc,
    )


SPEC = dataclasses.replace(
    tun_spec(name='KernelTun', tap=False),
    click_flags='S3',
)
