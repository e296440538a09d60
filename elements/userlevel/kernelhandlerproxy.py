"""KernelHandlerProxy: Proxies the handlers of a Click configuration running in the Linux kernel
module (through its /click file system) at user level; refused by clickc.

Facts from Click's elements/userlevel/khandlerproxy.hh and .cc.  clickc builds user-level
routers and has no kernel module whose handlers it could proxy
(``clickc.elements.refuse.cannot_work_here``).
"""

from clickc.elements.refuse import cannot_work_here
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('KernelHandlerProxy', '0/0', 'a/a',
    args=(Arg('VERBOSE', 'bool', default=False,
              doc='print a message when a read handler fails'),),
    validate=cannot_work_here,
)
