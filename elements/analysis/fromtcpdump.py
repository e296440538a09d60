"""FromTcpdump: Reads the text tcpdump prints for IPv4 TCP, UDP and other packets and emits
packets resembling them.

Facts from Click's elements/analysis/fromtcpdump.hh and .cc.
"""

from clickc.elements.analysis.tracereader import TRACE_HANDLERS, trace_args
from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('FromTcpdump', '0/1', 'a/a',
    args=trace_args('the tcpdump output'),
    handlers=TRACE_HANDLERS,
    schedulable='source',
    finite=True,
)
