"""FromCapDump: Reads the TCP packet descriptors of a file from Mark Allman's 'cap' tool and
emits the corresponding TCP packets (headers only).

Facts from Click's elements/analysis/fromcapdump.hh and .cc.
"""

from clickc.elements.analysis.tracereader import TRACE_HANDLERS, trace_args
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('FromCapDump', '0/1', 'a/a',
    args=trace_args('the cap output',
                    Arg('AGGREGATE', 'unsigned', default=1,
                        doc='the aggregate annotation of every packet')),
    handlers=TRACE_HANDLERS,
    schedulable='source',
    finite=True,
)
