"""CopyFlowID: Copies flow identifiers between paired packets.

Facts from Click's elements/local/copyflowid.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('CopyFlowID', '2/2', 'a/a',
    config='none',
    handlers=(Handler('reset', read=False, write=True),),
    state='shared',
)
