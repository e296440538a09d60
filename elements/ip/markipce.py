"""MarkIPCE: Marks ECN-capable IP packets Congestion Experienced; drops the others unless FORCE.

Facts from Click's elements/ip/markipce.hh and .cc.
"""

from clickc.elements.spec import Arg
from clickc.elements.standard.dropcounter import drop_counter_spec

SPEC = drop_counter_spec('MarkIPCE', '1/1', 'a/a',
    args=(Arg('FORCE', 'bool', positional=True, default=False,
              doc='mark packets that are not ECN-capable too, instead of dropping them'),),
    drops_doc='packets dropped because they were not ECN-capable',
)
