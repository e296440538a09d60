"""MarkIPCE: Marks ECN-capable IP packets Congestion Experienced; drops the others unless FORCE.

Facts from Click's elements/ip/markipce.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('MarkIPCE', '1/1', 'a/a',
    args=(Arg('FORCE', 'bool', positional=True, default=False,
              doc='mark packets that are not ECN-capable too, instead of dropping them'),),
    handlers=(Handler('drops', doc='packets dropped because they were not ECN-capable'),),
    state='counters',
    concurrency='atomic',
    concurrency_note='the drops counter is a relaxed atomic',
    per_packet=True,
    order_free=True,
    header_delta=0,
)
