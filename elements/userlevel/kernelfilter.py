"""KernelFilter: Keeps the kernel from handling the packets that arrive on devices, with
iptables DROP rules installed while the router runs.

Facts from Click's elements/userlevel/kernelfilter.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def kernelfilter_args(graph: RouterGraph, element: Element,
                      ctx: ConfigureContext) -> dict[str, Any] | None:
    """KernelFilter::configure: the keyword ``IPTABLES_COMMAND``, then each argument a filter
    spec ``drop dev DEVNAME`` (Click's one form).  DEVICES is the device names, space
    separated."""
    devices: list[str] = []
    command = None
    for arg in cp_argvec(element.config):
        words = cp_spacevec(arg)
        if not words:
            continue
        if words[0] == 'IPTABLES_COMMAND':
            command = arg.strip()[len('IPTABLES_COMMAND'):].strip()
            continue
        if len(words) > 3:
            ctx.error("too many arguments")
            return None
        if len(words) < 3 or words[0] != 'drop' or words[1] != 'dev':
            ctx.error("arguments must follow 'drop dev DEVNAME'")
            return None
        devices.append(words[2])
    return {'DEVICES': ' '.join(devices), 'IPTABLES_COMMAND': command}


SPEC = ElementSpec('KernelFilter', '0/0', 'a/a',
    config='custom',
    custom_parser=kernelfilter_args,
    args=(
        Arg('DEVICES', 'string',
            doc='the devices of the filter specs `drop dev DEVNAME` (one per argument)'),
        Arg('IPTABLES_COMMAND', 'string',
            doc='the iptables command (default /sbin/iptables or /usr/sbin/iptables)'),
    ),
    # Click's CONFIGURE_PHASE_KERNELFILTER: right after FromDevice (89)
    configure_phase=90,
)
