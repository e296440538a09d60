"""PullTee: Returns pulled packets on output 0 and pushes copies to the other outputs.

Facts from Click's elements/standard/tee.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.standard.tee import tee_arms

SPEC = ElementSpec(
    name='PullTee',
    port_count='1/1-',
    processing='l/lh',
    flow_code='x/x',
    args=(
        Arg('N', 'unsigned', positional=True),
    ),
    validate=tee_arms,
           removable_outputs=True,
    doc='Returns pulled packets on output 0 and pushes copies to the other outputs.',
)
