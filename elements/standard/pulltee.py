"""PullTee: Returns pulled packets on output 0 and pushes copies to the other outputs.

Facts from Click's elements/standard/tee.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.standard.tee import tee_arms

SPEC = ElementSpec('PullTee', '1/1-', 'l/lh',
    args=(Arg('N', 'unsigned', positional=True),),
    validate=tee_arms,
           removable_outputs=True,
)
